// Windows programs an agent reaches from Git Bash, WSL (by their .exe name),
// `cmd /c` or PowerShell, grouped by what they can be made to do — the
// functions the LOLBAS project catalogues: fetch a file from a URL, run code
// through a signed Windows binary (proxy execution), read or copy credential
// stores, wipe or unregister storage. The packs name these groups as
// categories (`@windows-downloader`, …) and tie each to the options that do
// it. Names are as programNameOf gives them: lower case, without `.exe` (WSL
// runs `certutil.exe`, PowerShell `CertUtil`).

/** The shells that carry a Windows command line as text: cmd's `/c`, PowerShell's `-Command`. */
export const WINDOWS_SHELLS = ["cmd", "pwsh", "powershell"];

/** Fetch a URL or a network share's file (certutil -urlcache, bitsadmin /transfer, Start-BitsTransfer, `expand \\host\x` in cmd). */
export const WINDOWS_DOWNLOADERS = [
  "certutil",
  "bitsadmin",
  "expand",
  "extrac32",
  "esentutl",
  "finger",
  "desktopimgdownldr",
  "start-bitstransfer",
  "invoke-webrequest",
  "invoke-restmethod",
  "iwr",
  "irm",
];

/**
 * Signed Windows binaries that run other code: an HTA or script from a URL (mshta, regsvr32 /i: with scrobj),
 * a DLL export (rundll32, odbcconf), an installer (msiexec, cmstp), a process (wmic process call create, forfiles
 * /c, pcalua -a), an assembly's installer or COM registration (installutil, regasm, regsvcs), inline build tasks
 * (msbuild), help files (hh), control panel items (control).
 */
export const WINDOWS_PROXY_RUNNERS = [
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
];

/**
 * Programs that copy or print Windows credential stores: registry hives (reg save), the AD database (ntdsutil
 * ifm, esentutl /vss), shadow copies (diskshadow, vssadmin), process memory (procdump, comsvcs through rundll32),
 * saved logons (cmdkey, vaultcmd), Wi-Fi keys (netsh wlan).
 */
export const WINDOWS_CREDENTIAL_TOOLS = [
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
];

/** Programs that change how Windows is protected or boots, or wipe or unregister storage (reg add, bcdedit, cipher /w, wsl --unregister). */
export const WINDOWS_SYSTEM_TOOLS = ["reg", "bcdedit", "cipher", "wsl", "netsh", "sc", "fsutil", "set-itemproperty", "new-itemproperty"];
