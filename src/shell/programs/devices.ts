// Programs that reach hardware attached to this machine, or the machine's
// own firmware and boot: Android's adb and fastboot (and the programs adb
// runs on the device: pm, am, settings, content), microcontroller and flash
// programmers (esptool, espefuse, avrdude, flashrom, STM32CubeProgrammer,
// openocd, the MTD tools, bmaptool), and the UEFI boot tools (efibootmgr,
// mokutil, sbctl, fwupdmgr). The grammar names their verbs for the system
// pack and keeps option values (a serial number, a port, a baud rate, a
// fuse's name) from being read as files. `adb shell` runs its words as a
// shell command on the device: they are judged as if run here, as ssh's are,
// so `adb shell rm -rf /sdcard/DCIM` is a recursive delete of an absolute path.
// Beside them, the desktop's own devices: printers (CUPS's lp, lpr, cancel,
// lpadmin, cupsctl), Bluetooth (bluetoothctl, btmgmt, hciconfig) and cameras
// (v4l2-ctl), whose names, addresses and settings are words, not files.
import type { OptionRole, ProgramSpec } from "./spec.ts";

type Options = Readonly<Record<string, OptionRole>>;

const values = (options: Options = {}): ProgramSpec => ({ options, operands: ["value"] });

/** CUPS's clients: the server (`-h host`) and the user (`-U name`) to act as. */
const CUPS_SERVER: Options = { "-h": "value", "-U": "value", "-E": "flag" };

/** lp and lpr: the queue, the number of copies, the job's options and title are names or numbers, never files. */
const PRINT_JOB_OPTIONS: Options = { ...CUPS_SERVER, "-d": "value", "-n": "value", "-o": "value", "-t": "value", "-q": "value", "-H": "value", "-P": "value", "-i": "value" };

const ADB_OPTIONS: Options = { "-s": "value", "-t": "value", "-H": "host", "-P": "port", "-L": "value", "-a": "flag", "-d": "flag", "-e": "flag" };

/** `adb shell [-t|-T|-x|-n] [COMMAND…]`: the device's shell runs the words (no words: an interactive shell). */
const ADB_SHELL: ProgramSpec = { options: { "-e": "value", "-n": "flag", "-T": "flag", "-t": "flag", "-x": "flag" }, operands: ["shell-words"] };

const ADB: ProgramSpec = {
  options: ADB_OPTIONS,
  operands: ["value"],
  subcommands: {
    shell: ADB_SHELL,
    "exec-out": { operands: ["shell-words"] },
    // Paths on the device are not files of this machine: `pull REMOTE… LOCAL` writes the last, `push LOCAL… REMOTE` reads all but it.
    pull: { options: { "-a": "flag", "-z": "value", "-Z": "flag" }, operands: ["value"], lastOperand: "write" },
    push: { options: { "-z": "value", "-Z": "flag", "--sync": "flag", "-n": "flag" }, operands: ["read"], lastOperand: "value" },
    install: { options: { "-r": "flag", "-t": "flag", "-d": "flag", "-g": "flag", "--user": "value", "-p": "flag" }, operands: ["read"] },
    "install-multiple": { options: { "-r": "flag", "-t": "flag", "-d": "flag", "-g": "flag", "-p": "flag" }, operands: ["read"] },
    uninstall: values({ "-k": "flag", "--user": "value" }),
    // `backup -f FILE [-apk] [-shared] [-all] [-system] [PACKAGE…]`: the device's app data copied to FILE.
    backup: { options: { "-f": "write" }, singleDashWords: true, operands: ["value"] },
    restore: { operands: ["read"] },
    reboot: values(),
    sideload: { operands: ["read"] },
    logcat: values({ "-b": "value", "-v": "value", "-f": "value", "-s": "flag", "-e": "value", "--pid": "value", "-t": "value", "-T": "value" }),
    "*": values(),
  },
};

/** Device-side Android programs (run by `adb shell`): verbs first, package names and keys after. */
const ANDROID_VERBS: ProgramSpec = {
  options: {
    "--user": "value",
    "-k": "flag",
    "-a": "value",
    "-d": "value",
    "-n": "value",
    "-e": "value",
    "--es": "value",
    "--ei": "value",
    "--ez": "value",
    "--uri": "value",
    "--projection": "value",
    "--where": "value",
    "--sort": "value",
  },
  operands: ["value"],
  subcommands: { "*": { operands: ["value"] } },
};

const FASTBOOT: ProgramSpec = {
  options: {
    "-s": "value",
    "-w": "flag",
    "-S": "value",
    "--slot": "value",
    "--set-active": "value",
    "-c": "value",
    "--cmdline": "value",
    "--skip-reboot": "flag",
    "--disable-verity": "flag",
    "--disable-verification": "flag",
  },
  operands: ["value"],
  subcommands: {
    // `flash PARTITION [FILE]`, `flashall`, `update ZIP`, `boot IMAGE`: images read from here.
    flash: { operands: ["value", "read"] },
    "flash:raw": { operands: ["value", "read", "read"] },
    update: { operands: ["read"] },
    boot: { operands: ["read"] },
    "*": values(),
  },
};

const ESPTOOL_OPTIONS: Options = {
  "-p": "value",
  "--port": "value",
  "-b": "value",
  "--baud": "value",
  "-c": "value",
  "--chip": "value",
  "--before": "value",
  "--after": "value",
  "--connect-attempts": "value",
};

/** esptool: `write_flash ADDRESS FILE …` (and the dashed spellings of v5); reads are `read_flash ADDRESS SIZE FILE`. */
const ESPTOOL: ProgramSpec = {
  options: ESPTOOL_OPTIONS,
  operands: ["value"],
  subcommands: {
    write_flash: {
      options: { "--flash_mode": "value", "--flash-mode": "value", "--flash_freq": "value", "--flash-freq": "value", "--flash_size": "value", "--flash-size": "value" },
      operands: ["value", "read"],
    },
    "write-flash": { options: { "--flash-mode": "value", "--flash-freq": "value", "--flash-size": "value" }, operands: ["value", "read"] },
    read_flash: { operands: ["value", "value", "write"] },
    "read-flash": { operands: ["value", "value", "write"] },
    "*": values(),
  },
};

/** espefuse: every `burn_*` writes one-time-programmable bits; `summary` and `dump` read. */
const ESPEFUSE: ProgramSpec = {
  options: { ...ESPTOOL_OPTIONS, "--do-not-confirm": "flag", "--virt": "flag", "--path-efuse-file": "value" },
  operands: ["value"],
  subcommands: { burn_key: { operands: ["value", "read", "value"] }, "burn-key": { operands: ["value", "read", "value"] }, "*": values() },
};

const FLASHROM: ProgramSpec = {
  options: {
    "-p": "value",
    "--programmer": "value",
    "-c": "value",
    "--chip": "value",
    "-w": "read",
    "--write": "read",
    "-r": "write",
    "--read": "write",
    "-v": "read",
    "--verify": "read",
    "-E": "flag",
    "--erase": "flag",
    "-i": "value",
    "--include": "value",
    "-l": "read",
    "--layout": "read",
    "-o": "write",
    "--output": "write",
  },
  operands: ["value"],
};

const AVRDUDE: ProgramSpec = {
  options: {
    "-p": "value",
    "-c": "value",
    "-P": "value",
    "-b": "value",
    "-B": "value",
    "-U": "value",
    "-C": "read",
    "-e": "flag",
    "-F": "flag",
    "-V": "flag",
    "-v": "flag",
    "-x": "value",
    "-T": "value",
  },
  operands: ["value"],
};

const STM32_PROGRAMMER: ProgramSpec = {
  options: {
    "-c": "value",
    "--connect": "value",
    "-w": "read",
    "--write": "read",
    "-d": "read",
    "--download": "read",
    "-ob": "value",
    "--optionbytes": "value",
    "-e": "value",
    "--erase": "value",
    "-r": "value",
    "--read": "value",
    "-v": "flag",
    "--verify": "flag",
  },
  singleDashWords: true,
  operands: ["value"],
};

/** openocd: `-f FILE` loads a config script, `-c COMMAND` runs one (Tcl: `program x.elf verify reset exit`). */
const OPENOCD: ProgramSpec = {
  options: { "-f": "read", "--file": "read", "-s": "path", "--search": "path", "-c": "value", "--command": "value", "-d": "value", "-l": "write" },
  operands: ["value"],
};

const EFIBOOTMGR: ProgramSpec = {
  options: {
    "-b": "value",
    "--bootnum": "value",
    "-o": "value",
    "--bootorder": "value",
    "-n": "value",
    "--bootnext": "value",
    "-L": "value",
    "--label": "value",
    "-l": "value",
    "--loader": "value",
    "-d": "value",
    "--disk": "value",
    "-p": "value",
    "--part": "value",
    "-t": "value",
    "--timeout": "value",
  },
  operands: ["value"],
};

const MOKUTIL: ProgramSpec = {
  options: {
    "-i": "read",
    "--import": "read",
    "-d": "read",
    "--delete": "read",
    "-t": "read",
    "--test-key": "read",
    "--set-verbosity": "value",
    "--hash-file": "read",
    "--root-pw": "flag",
    "--simple-hash": "flag",
  },
  operands: ["value"],
};

const BMAPTOOL: ProgramSpec = {
  options: { "--bmap": "read", "--nobmap": "flag", "--no-sig-verify": "flag", "--no-verify": "flag" },
  subcommands: {
    copy: { options: { "--bmap": "read", "--nobmap": "flag", "--no-sig-verify": "flag", "--no-verify": "flag" }, operands: ["read", "write"] },
    create: { options: { "-o": "write" }, operands: ["read"] },
  },
};

/** A tool that reads a disk's layout, labels or health, and writes nothing. */
const DISK_INSPECTOR: ProgramSpec = { operands: ["value"] };

/** The MTD tools write this machine's raw flash partitions (`flash_erase /dev/mtd0 0 0`, `nandwrite -p /dev/mtd1 image`). */
const MTD_DEVICE: ProgramSpec = { operands: ["value"] };

export const DEVICE_PROGRAMS: Record<string, ProgramSpec> = {
  adb: ADB,
  pm: ANDROID_VERBS,
  am: ANDROID_VERBS,
  settings: ANDROID_VERBS,
  content: ANDROID_VERBS,
  fastboot: FASTBOOT,
  esptool: ESPTOOL,
  "esptool.py": ESPTOOL,
  espefuse: ESPEFUSE,
  "espefuse.py": ESPEFUSE,
  flashrom: FLASHROM,
  avrdude: AVRDUDE,
  STM32_Programmer_CLI: STM32_PROGRAMMER,
  openocd: OPENOCD,
  efibootmgr: EFIBOOTMGR,
  mokutil: MOKUTIL,
  sbctl: {
    options: { "-m": "flag", "--microsoft": "flag" },
    operands: ["value"],
    subcommands: { sign: { options: { "-o": "write", "-s": "flag" }, operands: ["read"] }, "*": values() },
  },
  fwupdmgr: {
    options: { "-y": "flag", "--assume-yes": "flag", "--force": "flag", "--allow-older": "flag", "--allow-reinstall": "flag" },
    operands: ["value"],
    subcommands: { install: { operands: ["read", "value"] }, "*": values() },
  },
  bmaptool: BMAPTOOL,
  flash_erase: MTD_DEVICE,
  flash_eraseall: MTD_DEVICE,
  nandwrite: { options: { "-p": "flag", "-s": "value", "--start": "value" }, operands: ["value", "read"] },
  flashcp: { operands: ["read", "value"] },
  ubiformat: { options: { "-f": "read", "--flash-image": "read", "-y": "flag" }, operands: ["value"] },
  // Disk inspectors: they only read the device they are handed (`lsblk /dev/sdb`, `smartctl -a /dev/nvme0`), where an
  // undescribed tool handed a disk may write it (builtin:destructive-fs asks).
  lsblk: DISK_INSPECTOR,
  blkid: DISK_INSPECTOR,
  smartctl: DISK_INSPECTOR,
  dumpe2fs: DISK_INSPECTOR,
  findmnt: DISK_INSPECTOR,
  xfs_info: DISK_INSPECTOR,
  lshw: DISK_INSPECTOR,
  // Xcode's simulators (`xcrun simctl erase all`, `delete unavailable`): throwaway devices of this machine, made again at will.
  simctl: { operands: ["value"], subcommands: { "*": values() } },
  // CUPS: the files printed are read; a printer, a job id or a setting is a name (`lpadmin -x Office`, `cancel -a`).
  lp: { options: PRINT_JOB_OPTIONS, operands: ["read"] },
  lpr: { options: { ...PRINT_JOB_OPTIONS, "-#": "value", "-C": "value", "-J": "value", "-T": "value" }, operands: ["read"] },
  cancel: values(CUPS_SERVER),
  lprm: values({ ...CUPS_SERVER, "-P": "value" }),
  lpadmin: values({
    ...CUPS_SERVER,
    "-p": "value",
    "-x": "value",
    "-d": "value",
    "-v": "value",
    "-m": "value",
    "-o": "value",
    "-u": "value",
    "-c": "value",
    "-r": "value",
    "-D": "value",
    "-L": "value",
    "-P": "read",
    "-i": "read",
  }),
  lpoptions: values({ ...CUPS_SERVER, "-p": "value", "-d": "value", "-o": "value", "-x": "value" }),
  lpstat: values({ ...CUPS_SERVER, "-o": "value", "-p": "value", "-v": "value", "-u": "value", "-W": "value" }),
  cupsctl: values(CUPS_SERVER),
  cupsenable: values({ ...CUPS_SERVER, "-r": "value" }),
  cupsdisable: values({ ...CUPS_SERVER, "-r": "value" }),
  cupsaccept: values({ ...CUPS_SERVER, "-r": "value" }),
  cupsreject: values({ ...CUPS_SERVER, "-r": "value" }),
  // Bluetooth: device addresses, adapters and on/off words, never files.
  bluetoothctl: { options: { "-a": "value", "--agent": "value", "-t": "value", "--timeout": "value" }, operands: ["value"], subcommands: { "*": values() } },
  btmgmt: { options: { "-i": "value", "--index": "value" }, operands: ["value"], subcommands: { "*": values() } },
  hciconfig: values(),
  // v4l2-ctl: the camera is a device name, controls are `name=value` words.
  "v4l2-ctl": values({ "-d": "value", "--device": "value", "-c": "value", "--set-ctrl": "value", "-C": "value", "--get-ctrl": "value" }),
};
