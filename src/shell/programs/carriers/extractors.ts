// Which programs unpack archives, apart from their specs (archivers.ts): the
// category list and the shell model read it on every start, and importing it
// from archivers.ts evaluated that whole table with it (issue 27).

/**
 * Programs that unpack an archive into a directory (their write operand or
 * option, else the working directory), and the flags that put them in that
 * mode (empty: they always unpack). What they unpack from a download is
 * downloaded too: `curl … | tar xz && ./t/install.sh` runs code from the network.
 */
export const EXTRACTORS: Readonly<Record<string, readonly string[]>> = {
  tar: ["-x", "--extract", "--get"],
  gtar: ["-x", "--extract", "--get"],
  bsdtar: ["-x", "--extract", "--get"],
  unzip: [],
};
