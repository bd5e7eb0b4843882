// Environment variables that name a folder under HOME which holds a tool's
// settings, start-up files or programs, with the folder each means when it
// is unset: the XDG base directories, zsh's ZDOTDIR (where .zshrc is read
// from), and the homes of Go, Rust, nvm and pyenv (whose bin folders are on
// PATH). The extension's environment never holds them, so the guard reads
// each as its default: `echo … >> $ZDOTDIR/.zshrc` writes the start-up file
// and `cp x $GOPATH/bin/` puts a program on PATH, as the plain paths do. A
// value the input sets wins.

/** Variable → its default, `~` standing for HOME. */
export const HOME_FOLDER_VARIABLES: Readonly<Record<string, string>> = {
  XDG_CONFIG_HOME: "~/.config",
  XDG_DATA_HOME: "~/.local/share",
  XDG_STATE_HOME: "~/.local/state",
  XDG_CACHE_HOME: "~/.cache",
  ZDOTDIR: "~",
  GOPATH: "~/go",
  CARGO_HOME: "~/.cargo",
  RUSTUP_HOME: "~/.rustup",
  NVM_DIR: "~/.nvm",
  PYENV_ROOT: "~/.pyenv",
};
