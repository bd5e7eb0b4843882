// Windows programs an agent reaches from Git Bash, WSL (by their .exe name),
// `cmd /c` or PowerShell, grouped by what they can be made to do — the
// functions the LOLBAS project catalogues: fetch a file from a URL, run code
// through a signed Windows binary (proxy execution), read or copy credential
// stores, wipe or unregister storage. The packs name these groups as
// categories (`@windows-downloader`, …) and tie each to the options that do
// it; both spellings are listed, since WSL runs them as `certutil.exe`.
/** A name as Windows finds it: bare (cmd, PowerShell, Git Bash) and with `.exe` (WSL interop). */
function withExe(names: readonly string[]): string[] {
  return names.flatMap((name) => [name, `${name}.exe`]);
}

/** The shells that carry a Windows command line as text: cmd's `/c`, PowerShell's `-Command`. */
export const WINDOWS_SHELLS = withExe(["cmd", "pwsh", "powershell"]);

/** Fetch a URL to a file or to memory (certutil -urlcache, bitsadmin /transfer, curl.exe with its .exe name). */
export const WINDOWS_DOWNLOADERS = [
  ...withExe(["certutil", "bitsadmin", "curl", "wget", "expand", "extrac32", "esentutl", "finger", "desktopimgdownldr"]),
  "Start-BitsTransfer",
  "Invoke-WebRequest",
  "Invoke-RestMethod",
  "iwr",
  "irm",
];

/**
 * Signed Windows binaries that run other code: an HTA or script from a URL (mshta, regsvr32 /i: with scrobj),
 * a DLL export (rundll32, odbcconf), an installer (msiexec, cmstp), a process (wmic process call create, forfiles
 * /c, pcalua -a), an assembly's installer or COM registration (installutil, regasm, regsvcs), inline build tasks
 * (msbuild), help files (hh), control panel items (control).
 */
export const WINDOWS_PROXY_RUNNERS = withExe([
  "mshta",
  "regsvr32",
  "rundll32",
  "msiexec",
  "wmic",
  "forfiles",
  "pcalua",
  "cmstp",
  "installutil",
  "regasm",
  "regsvcs",
  "msbuild",
  "odbcconf",
  "hh",
  "control",
  "mavinject",
  "msxsl",
  "msdt",
  "syncappvpublishingserver",
  "scriptrunner",
  "conhost",
  "explorer",
  "wscript",
  "cscript",
]);

/**
 * Programs that copy or print Windows credential stores: registry hives (reg save), the AD database (ntdsutil
 * ifm, esentutl /vss), shadow copies (diskshadow, vssadmin), process memory (procdump, comsvcs through rundll32),
 * saved logons (cmdkey, vaultcmd), Wi-Fi keys (netsh wlan).
 */
export const WINDOWS_CREDENTIAL_TOOLS = withExe([
  "reg",
  "ntdsutil",
  "esentutl",
  "diskshadow",
  "vssadmin",
  "procdump",
  "procdump64",
  "rundll32",
  "cmdkey",
  "vaultcmd",
  "netsh",
  "mimikatz",
  "wmic",
]);

/** Programs that change how Windows is protected or boots, or wipe or unregister storage (reg add, bcdedit, cipher /w, wsl --unregister). */
export const WINDOWS_SYSTEM_TOOLS = [...withExe(["reg", "bcdedit", "cipher", "wsl", "netsh", "sc", "fsutil"]), "Set-ItemProperty", "New-ItemProperty"];
