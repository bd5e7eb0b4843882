// Virtual machine and system-container managers: libvirt's virsh, LXD and
// Incus, VirtualBox's VBoxManage, Proxmox (qm, pct, pvesh) and vSphere's
// govc. Destroying a machine or container, removing its definition with its
// disks, deleting volumes, pools, snapshots and networks ask; listing and
// showing pass. Local development VMs made from a file (vagrant, multipass,
// kind, minikube) are rebuilt in a minute and are left out on purpose.
import { destroys, destroysWith, labelled, leaf, names, nounChain, type Options, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const READS = ["list", "ls", "show", "info", "status", "config", "dominfo", "domstate", "dumpxml", "vol-list", "pool-list", "net-list", "snapshot-list", "listsnapshot"];

/** A CLI whose verbs follow nouns; `destroying` verbs ask, the usual read verbs read. */
function chainCli(destroying: readonly string[], options: Options = {}, more: Options = {}) {
  return nounChain({ ...names(destroying, destroys(options)), ...readVerbs(READS, options) }, { ...options, ...more });
}

const VIRSH_OPTIONS: Options = { "-c": "value", "--connect": "value", "-r": "flag", "--readonly": "flag" };

export const VIRSH: RemoteCli = {
  id: "virsh",
  names: ["virsh"],
  about: "libvirt's virsh",
  // `destroy` is a forced power-off; `undefine` forgets the machine (with --remove-all-storage, its disks too).
  spec: labelled(
    "cloud",
    chainCli(
      ["destroy", "undefine", "vol-delete", "vol-wipe", "pool-delete", "pool-destroy", "pool-undefine", "snapshot-delete", "net-destroy", "net-undefine", "managedsave-remove"],
      VIRSH_OPTIONS,
    ),
  ),
  examples: {
    cloud: {
      asks: ["virsh undefine db-1 --remove-all-storage", "virsh destroy web-2", "virsh vol-delete --pool default db-1.qcow2"],
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
  // delete`. One instance deleted (`lxc delete scratch --force`) passes, as removing one container does.
  spec: labelled("containers", {
    options: LXC_OPTIONS,
    operands: ["read"],
    subcommands: { ...names(["storage", "network", "project", "image", "profile", "cluster"], chainCli(["delete", "rm"], LXC_OPTIONS)), "*": leaf(LXC_OPTIONS) },
  }),
  examples: {
    containers: {
      asks: ["incus storage volume delete default pgdata", "lxc project delete staging", "lxc storage delete pool-ssd"],
      passes: ["lxc list", "incus info web", "lxc launch ubuntu:24.04 web", "lxc snapshot web before-upgrade", "lxc delete scratch --force", "lxc storage list"],
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
      ...readVerbs(["list", "showvminfo", "showmediuminfo"]),
    },
  }),
  examples: {
    cloud: {
      asks: ["VBoxManage unregistervm build-box --delete"],
      passes: ["VBoxManage list vms", "VBoxManage unregistervm build-box", "VBoxManage startvm build-box --type headless"],
    },
  },
};

export const PROXMOX: RemoteCli = {
  id: "proxmox",
  names: ["qm", "pct"],
  about: "Proxmox VE's qm and pct",
  // `destroy VMID [--purge]`, a snapshot deleted, a disk unlinked; `stop` pulls the plug.
  spec: labelled("cloud", chainCli(["destroy", "delsnapshot", "unlink", "stop"])),
  examples: {
    cloud: {
      asks: ["qm destroy 101 --purge", "pct destroy 205", "qm delsnapshot 101 pre-upgrade"],
      passes: ["qm list", "pct config 205", "qm snapshot 101 pre-upgrade", "qm shutdown 101"],
    },
  },
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
