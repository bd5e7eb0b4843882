// Virtual machine and system-container managers: libvirt's virsh, LXD and
// Incus, VirtualBox's VBoxManage, Proxmox (qm, pct, pvesh) and vSphere's
// govc. Destroying a machine or container, removing its definition with its
// disks, deleting volumes, pools, snapshots and networks ask; listing and
// showing pass. Local development VMs made from a file (kind, minikube, the
// project's own Vagrantfile) are rebuilt in a minute and are left out on
// purpose; a VM deleted with its disk (multipass --purge, limactl, Parallels)
// or a Vagrant machine named by its global id (another project's) asks.
import { destroys, destroysWith, group, labelled, leaf, names, nounChain, type Options, readVerbs } from "./grammar.ts";
import type { ProgramSpec } from "../spec.ts";
import type { RemoteCli } from "./remote-cli.ts";

const READS = ["list", "ls", "show", "info", "status", "config", "dominfo", "domstate", "dumpxml", "vol-list", "pool-list", "net-list", "snapshot-list", "listsnapshot"];

/** A CLI whose verbs follow nouns; `destroying` verbs ask, the usual read verbs read. */
function chainCli(destroying: readonly string[], options: Options = {}, more: Options = {}) {
  return nounChain({ ...names(destroying, destroys(options)), ...readVerbs(READS, options) }, { ...options, ...more });
}

const VIRSH_OPTIONS: Options = { "-c": "value", "--connect": "value", "-r": "flag", "--readonly": "flag" };

/** `pct exec 205 -- CMD`, `multipass exec dev -- CMD`: CMD runs in the guest, judged as if it ran here (as `docker exec`'s). */
function runsInGuest(options: Options = {}): ProgramSpec {
  return { options, operands: ["value", "argv"], operandsEndOptions: false, afterDoubleDash: "argv" };
}

export const VIRSH: RemoteCli = {
  id: "virsh",
  names: ["virsh"],
  about: "libvirt's virsh",
  // `destroy` is a forced power-off and `reset` a hard reset (what was not on disk is lost); `undefine` forgets the
  // machine (with --remove-all-storage, its disks too); `snapshot-revert` throws away everything since the snapshot.
  spec: labelled(
    "cloud",
    chainCli(
      [
        "destroy",
        "reset",
        "snapshot-revert",
        "undefine",
        "vol-delete",
        "vol-wipe",
        "pool-delete",
        "pool-destroy",
        "pool-undefine",
        "snapshot-delete",
        "net-destroy",
        "net-undefine",
        "managedsave-remove",
      ],
      VIRSH_OPTIONS,
    ),
  ),
  examples: {
    cloud: {
      asks: [
        "virsh undefine db-1 --remove-all-storage",
        "virsh destroy web-2",
        "virsh vol-delete --pool default db-1.qcow2",
        "virsh reset db-1",
        "virsh snapshot-revert db-1 before-upgrade",
      ],
      passes: ["virsh list --all", "virsh dominfo web-2", "virsh start web-2", "virsh snapshot-create-as web-2 before-upgrade"],
    },
  },
};

const LXC_OPTIONS: Options = { "--project": "value", "--target": "value" };

export const LXC: RemoteCli = {
  id: "lxc",
  names: ["lxc", "incus"],
  about: "LXD and Incus",
  // What instances share: `storage delete`, `storage volume delete`, `network delete`, `project delete`, `image
  // delete`. An instance is a whole machine with its own disk: deleting a stopped one passes (as removing one
  // container does), but `--force` stops a running one and deletes it, with whatever it was serving.
  spec: labelled("containers", {
    options: LXC_OPTIONS,
    operands: ["read"],
    subcommands: {
      ...names(["storage", "network", "project", "image", "profile", "cluster"], chainCli(["delete", "rm"], LXC_OPTIONS)),
      ...names(["delete", "rm"], destroysWith(["-f", "--force"], { ...LXC_OPTIONS, "-i": "flag", "--interactive": "flag" })),
      "*": leaf(LXC_OPTIONS),
    },
  }),
  examples: {
    containers: {
      asks: ["incus storage volume delete default pgdata", "lxc project delete staging", "lxc storage delete pool-ssd", "lxc delete ci-runner-3 -f", "incus rm mail --force"],
      passes: ["lxc list", "incus info web", "lxc launch ubuntu:24.04 web", "lxc snapshot web before-upgrade", "lxc delete scratch", "lxc storage list"],
    },
  },
};

export const VBOXMANAGE: RemoteCli = {
  id: "vboxmanage",
  names: ["VBoxManage", "vboxmanage"],
  about: "VirtualBox's VBoxManage",
  spec: labelled("cloud", {
    operands: ["read"],
    subcommands: {
      // `unregistervm NAME --delete`, `closemedium disk X --delete`: the machine's files or the disk image are deleted.
      ...names(["unregistervm", "closemedium"], destroysWith(["--delete", "--delete-all"])),
      // `snapshot VM delete|restore NAME`: a saved state gone, or everything since it thrown away.
      snapshot: nounChain({ ...names(["delete", "restore", "restorecurrent"], destroys()), ...readVerbs(["list", "showvminfo"]) }),
      ...readVerbs(["list", "showvminfo", "showmediuminfo"]),
    },
  }),
  examples: {
    cloud: {
      asks: ["VBoxManage unregistervm build-box --delete", "VBoxManage snapshot build-box delete clean-install", "VBoxManage snapshot build-box restore clean-install"],
      passes: [
        "VBoxManage list vms",
        "VBoxManage unregistervm build-box",
        "VBoxManage startvm build-box --type headless",
        "VBoxManage snapshot build-box take before-upgrade",
        "VBoxManage snapshot build-box list",
      ],
    },
  },
};

export const PROXMOX: RemoteCli = {
  id: "proxmox",
  names: ["qm", "pct"],
  about: "Proxmox VE's qm and pct",
  // `destroy VMID [--purge]`, a snapshot deleted, a disk unlinked; `stop` and `reset` pull the plug; `rollback`
  // throws away everything since the snapshot. `pct exec CTID -- CMD` and `qm guest exec VMID -- CMD` run CMD
  // inside the guest: judged as the command, as `docker exec`'s is.
  spec: labelled("cloud", {
    ...chainCli(["destroy", "delsnapshot", "unlink", "stop", "reset", "rollback"]),
    subcommands: {
      ...chainCli(["destroy", "delsnapshot", "unlink", "stop", "reset", "rollback"]).subcommands,
      exec: runsInGuest(),
      // `restore ID ARCHIVE --force` writes the backup over an existing machine or container of that id.
      restore: destroysWith(["--force"], { "--storage": "value" }),
      guest: group(undefined, { exec: runsInGuest({ "--timeout": "value", "--pass-stdin": "value", "--synchronous": "value" }) }),
    },
  }),
  examples: {
    cloud: {
      asks: [
        "qm destroy 101 --purge",
        "pct destroy 205",
        "qm delsnapshot 101 pre-upgrade",
        "qm rollback 101 pre-upgrade",
        "qm reset 101",
        "pct restore 205 /var/lib/vz/dump/ct-205.tar.zst --force",
      ],
      passes: ["qm list", "pct config 205", "qm snapshot 101 pre-upgrade", "qm shutdown 101", "pct exec 205 -- ls /var/lib"],
    },
  },
};

export const PVESM: RemoteCli = {
  id: "pvesm",
  names: ["pvesm"],
  about: "Proxmox VE's storage manager (pvesm)",
  // `free VOLUME` deletes a disk image or backup; `remove STORAGE` drops the storage from every node's configuration.
  spec: labelled("cloud", { operands: ["read"], subcommands: { ...names(["free", "remove"], destroys()), ...readVerbs(["list", "status", "path", "scan"]) } }),
  examples: { cloud: { asks: ["pvesm free local-lvm:vm-101-disk-0", "pvesm remove backup-nfs"], passes: ["pvesm status", "pvesm list local-lvm"] } },
};

export const PVESH: RemoteCli = {
  id: "pvesh",
  names: ["pvesh"],
  about: "Proxmox VE's API shell",
  spec: labelled("cloud", { operands: ["read"], subcommands: { delete: destroys(), ...readVerbs(["get", "ls", "usage"]) } }),
  examples: { cloud: { asks: ["pvesh delete /nodes/pve1/qemu/101"], passes: ["pvesh get /nodes", "pvesh ls /nodes/pve1/qemu"] } },
};

export const GOVC: RemoteCli = {
  id: "govc",
  names: ["govc"],
  about: "vSphere CLI (govc)",
  // Commands are `noun.verb`: `vm.destroy`, `datastore.rm`, `snapshot.remove`, `host.remove`.
  spec: labelled("cloud", {
    operands: ["read"],
    singleDashWords: true,
    subcommands: { ...names(["*.destroy", "*.rm", "*.remove", "*.delete", "*.unregister"], destroys()), ...readVerbs(["*.info", "ls", "find", "about"]) },
  }),
  examples: {
    cloud: {
      asks: ["govc vm.destroy db-old", "govc datastore.rm -ds ds1 vm-old/", "govc snapshot.remove -vm web '*'"],
      passes: ["govc ls /dc1/vm", "govc vm.info web", "govc vm.power -on web"],
    },
  },
};

export const MULTIPASS: RemoteCli = {
  id: "multipass",
  names: ["multipass"],
  about: "Canonical's multipass",
  // `delete NAME` only marks the instance deleted (`multipass recover` brings it back); `--purge` and `purge` remove
  // the disks for good, `--all` takes every instance.
  spec: labelled("cloud", {
    operands: ["read"],
    subcommands: {
      delete: destroysWith(["-p", "--purge", "--all"]),
      purge: destroys(),
      exec: runsInGuest({ "-d": "value", "--working-directory": "value" }),
      ...readVerbs(["list", "ls", "info", "find", "version", "get"]),
    },
  }),
  examples: {
    cloud: {
      asks: ["multipass delete --purge builder", "multipass purge", "multipass delete --all"],
      passes: ["multipass launch 24.04 --name dev", "multipass list", "multipass delete dev", "multipass recover dev", "multipass stop dev", "multipass exec dev -- ls -la"],
    },
  },
};

export const LIMACTL: RemoteCli = {
  id: "limactl",
  names: ["limactl"],
  about: "Lima (limactl)",
  // `delete` (rm, remove) drops the instance's disk with everything in it; `factory-reset` empties it.
  spec: labelled("cloud", {
    operands: ["read"],
    subcommands: { ...names(["delete", "rm", "remove", "factory-reset"], destroys({ "-f": "flag", "--force": "flag" })), ...readVerbs(["list", "ls", "info"]) },
  }),
  examples: {
    cloud: {
      asks: ["limactl delete --force docker", "limactl factory-reset k3s"],
      passes: ["limactl list", "limactl start default", "limactl stop default", "limactl shell default uname -a"],
    },
  },
};

export const PRLCTL: RemoteCli = {
  id: "prlctl",
  names: ["prlctl"],
  about: "Parallels Desktop's prlctl",
  // `delete` removes the VM and its files; `unregister` keeps the bundle on disk.
  spec: labelled("cloud", {
    operands: ["read"],
    subcommands: { delete: destroys(), snapshot: leaf(), "snapshot-delete": destroys(), ...readVerbs(["list", "status"]) },
  }),
  examples: {
    cloud: {
      asks: ["prlctl delete win11-test", "prlctl snapshot-delete macos-14 -i 3f1a"],
      passes: ["prlctl list --all", "prlctl start win11-test", "prlctl unregister win11-test"],
    },
  },
};

/** A machine's id in `vagrant global-status` (seven hex digits): a machine of any project on this host. */
const VAGRANT_MACHINE_ID = "[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]";

export const VAGRANT: RemoteCli = {
  id: "vagrant",
  names: ["vagrant"],
  about: "Vagrant",
  // `vagrant destroy` in the project acts on the project's own Vagrantfile and `vagrant up` makes it again: it
  // passes. Given a global machine id it destroys a machine of whichever project made it; `box remove` and
  // `box prune` delete boxes every project on this host shares.
  spec: labelled("cloud", {
    operands: ["read"],
    subcommands: {
      // The machine is the one whose state is in the working directory's .vagrant (system.toml asks when a cd left the project).
      destroy: { ...leaf({ "-f": "flag", "--force": "flag", "-g": "flag", "--graceful": "flag", "--parallel": "flag" }), operands: ["value"], workingFiles: [".vagrant"] },
      box: group(undefined, { ...names(["remove", "prune"], destroys({ "--provider": "value", "--box-version": "value", "-f": "flag", "--force": "flag", "--all": "flag" })) }),
      ...readVerbs(["status", "global-status", "ssh-config", "validate"]),
    },
  }),
  alsoAsksWhen: [{ category: "cloud", subcommand: "destroy", args: [VAGRANT_MACHINE_ID] }],
  examples: {
    cloud: {
      asks: ["vagrant destroy -f 4f2c9ab", "vagrant box remove ubuntu/jammy64 --all", "vagrant box prune"],
      passes: ["vagrant up", "vagrant destroy -f", "vagrant halt", "vagrant status", "vagrant ssh -c 'make test'"],
    },
  },
};

export const DOCKER_MACHINE: RemoteCli = {
  id: "docker-machine",
  names: ["docker-machine"],
  about: "Docker Machine",
  // `rm` deletes the machine with its disk (on a cloud driver, the server itself).
  spec: labelled("cloud", {
    operands: ["read"],
    subcommands: { ...names(["rm", "remove"], destroys({ "-f": "flag", "-y": "flag" })), ...readVerbs(["ls", "inspect", "status", "url", "ip"]) },
  }),
  examples: { cloud: { asks: ["docker-machine rm -y swarm-worker-2"], passes: ["docker-machine ls", "docker-machine start dev", "docker-machine env dev"] } },
};

export const LXC_CLASSIC: RemoteCli = {
  id: "lxc-destroy",
  names: ["lxc-destroy"],
  about: "classic LXC's lxc-destroy",
  // The container's root file system is deleted (-s: its snapshots too).
  spec: labelled("containers", destroys({ "-n": "value", "--name": "value", "-P": "path", "-s": "flag", "-f": "flag" })),
  examples: { containers: { asks: ["sudo lxc-destroy -n build-old -s"] } },
};

export const VMRUN: RemoteCli = {
  id: "vmrun",
  names: ["vmrun"],
  about: "VMware's vmrun",
  spec: labelled("cloud", {
    options: { "-T": "value", "-h": "value", "-u": "value", "-p": "value", "-gu": "value", "-gp": "value" },
    singleDashWords: true,
    operands: ["read"],
    subcommands: { ...names(["deleteVM", "deleteSnapshot"], destroys()), ...readVerbs(["list", "listSnapshots"]) },
  }),
  examples: { cloud: { asks: ["vmrun -T ws deleteVM ~/vmware/win10/win10.vmx"], passes: ["vmrun list", "vmrun -T ws start ~/vmware/win10/win10.vmx nogui"] } },
};

/** A macOS VM manager whose `delete` removes the VM (and its disk) for good; listing, starting and stopping pass. */
function desktopVms(id: string, names_: readonly string[], about: string, asks: string, passes: readonly string[]): RemoteCli {
  return {
    id,
    names: names_,
    about,
    spec: labelled("cloud", {
      operands: ["read"],
      subcommands: { ...names(["delete", "rm", "prune"], destroys({ "-f": "flag", "--force": "flag" })), ...readVerbs(["list", "ls", "info", "status"]) },
    }),
    examples: { cloud: { asks: [asks], passes } },
  };
}

export const TART = desktopVms("tart", ["tart"], "Tart (macOS VMs)", "tart delete sonoma-xcode", ["tart list", "tart run sonoma-xcode"]);
export const UTMCTL = desktopVms("utmctl", ["utmctl"], "UTM's utmctl", "utmctl delete 'Windows 11'", ["utmctl list", "utmctl stop 'Windows 11'"]);
export const ORBSTACK = desktopVms("orbstack", ["orbctl", "orb"], "OrbStack", "orbctl delete -f ubuntu", ["orbctl list", "orb list"]);

/**
 * qemu-img on a machine's disk image: deleting or applying a snapshot (`snapshot -d|-a`: the changes since are
 * gone), shrinking, committing an overlay into the backing file other machines share, an unsafe rebase, and a new
 * image created in a hypervisor's image store (over an existing disk it truncates it to nothing) ask. `info`,
 * `check`, `map`, `compare`, a conversion and an image made elsewhere pass.
 */
const QEMU_IMG_OPTIONS: Options = {
  "-f": "value",
  "-F": "value",
  "-O": "value",
  "-o": "value",
  "-b": "value",
  "-B": "value",
  "-l": "value",
  "-s": "value",
  "-t": "value",
  "-T": "value",
};
/** Where hypervisors keep their machines' disks: libvirt (system and session), Proxmox, OpenStack Nova, GNOME Boxes. */
const IMAGE_STORES = [
  "/var/lib/libvirt/images/*",
  "/var/lib/libvirt/images/**",
  "~/.local/share/libvirt/images/*",
  "/var/lib/vz/images/**",
  "/var/lib/nova/instances/**",
  "~/.local/share/gnome-boxes/images/*",
].join("|");

export const QEMU_IMG: RemoteCli = {
  id: "qemu-img",
  names: ["qemu-img"],
  about: "QEMU disk image tool (qemu-img)",
  spec: labelled(
    "cloud",
    group(
      undefined,
      {
        snapshot: destroysWith(["-d", "-a"], QEMU_IMG_OPTIONS),
        resize: destroysWith(["--shrink"], QEMU_IMG_OPTIONS),
        commit: destroys(QEMU_IMG_OPTIONS),
        rebase: destroysWith(["-u"], QEMU_IMG_OPTIONS),
        ...readVerbs(["info", "check", "map", "compare", "measure", "bench"], QEMU_IMG_OPTIONS),
        create: { options: QEMU_IMG_OPTIONS, operands: ["write", "value"] },
        convert: { options: QEMU_IMG_OPTIONS, operands: ["read"], lastOperand: "write" },
      },
      QEMU_IMG_OPTIONS,
    ),
  ),
  alsoAsksWhen: [{ category: "cloud", subcommand: "create", args: [IMAGE_STORES] }],
  examples: {
    cloud: {
      asks: [
        "qemu-img snapshot -d pre-upgrade /var/lib/libvirt/images/db.qcow2",
        "qemu-img snapshot -a clean vm.qcow2",
        "qemu-img resize --shrink disk.qcow2 10G",
        "qemu-img commit overlay.qcow2",
        "qemu-img create -f qcow2 /var/lib/libvirt/images/db-01.qcow2 40G",
      ],
      passes: [
        "qemu-img info /var/lib/libvirt/images/db.qcow2",
        "qemu-img create -f qcow2 build/test-disk.qcow2 2G",
        "qemu-img convert -O raw /var/lib/libvirt/images/db.qcow2 /tmp/db.raw",
        "qemu-img snapshot -l vm.qcow2",
        "qemu-img resize disk.qcow2 +10G",
      ],
    },
  },
};
