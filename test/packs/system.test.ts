// builtin:system under the default policy: every process signalled and fork
// bombs are blocked; power, services and firewalls are asked about; one
// process, one job, one name, and reading state pass.
import { describe, expect, test } from "bun:test";
import { decide } from "../support/decide.ts";
import { setTestLimit } from "../support/test-limit.ts";

setTestLimit();

describe("blocked", () => {
  test.each([
    ["kill -9 -1", "system-kill-everything"],
    ["kill -KILL -1", "system-kill-everything"],
    ["kill -s KILL -1", "system-kill-everything"],
    ["kill -- -1", "system-kill-everything"],
    ["sudo killall5 -9", "system-kill-everything"],
    ["pkill -f .", "system-kill-everything"],
    ["killall -r '.*'", "system-kill-everything"],
    ["echo -1 | xargs kill -9", "system-kill-everything"],
    [":(){ :|:& };:", "system-fork-bomb"],
    ["f() { f | f & }; f", "system-fork-bomb"],
    ["perl -e 'fork while fork'", "system-fork-bomb"],
    ["python3 -c 'import os\nwhile True: os.fork()'", "system-fork-bomb"],
    ["ruby -e 'loop { fork }'", "system-fork-bomb"],
  ])("%s", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "block", rule });
  });
});

describe("asked about", () => {
  test.each([
    ["shutdown -r +5", "system-power"],
    ["sudo poweroff", "system-power"],
    ["sudo telinit 6", "system-power"],
    ["sudo systemctl isolate rescue.target", "system-power"],
    ["echo o | sudo tee /proc/sysrq-trigger", "system-power"],
    ["sudo systemctl mask docker", "system-stop-service"],
    ["sudo /etc/init.d/apache2 stop", "system-stop-service"],
    ["launchctl unload ~/Library/LaunchAgents/com.example.plist", "system-stop-service"],
    ["sudo ip6tables --flush", "system-firewall-off"],
    ["sudo nft delete table inet filter", "system-firewall-off"],
    ["sudo pfctl -F all", "system-firewall-off"],
  ])("%s", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule });
  });
});

describe("passes", () => {
  test.each([
    "kill %1",
    "kill -9 4242",
    "kill -1 4242",
    "kill $(cat .pid)",
    "pkill -f 'vite --port 5173'",
    "pgrep -f .",
    "lsblk && df -h && free -m",
    "systemctl status postgresql",
    "sudo systemctl restart nginx",
    "sudo systemctl start docker",
    "sudo iptables -A INPUT -p tcp --dport 22 -j ACCEPT",
    "sudo ufw allow 22/tcp",
    "shutdown -c",
    'walk() { for f in "$1"/*; do echo "$f"; done; }; walk src &',
  ])("%s", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

describe("round 2: owners, sessions and what the machine depends on", () => {
  test.each([
    ["pkill -u ada", "system-kill-by-owner"],
    ["sudo pkill -9 -u www-data", "system-kill-by-owner"],
    ["pkill -U 1000", "system-kill-by-owner"],
    ["pkill --euid ada -KILL", "system-kill-by-owner"],
    ["killall -u ada", "system-kill-by-owner"],
    ["sudo pkill -s 0", "system-kill-by-owner"],
    ["pkill -P 1", "system-kill-by-owner"],
    ["sudo killall -9 sshd", "system-kill-critical"],
    ["sudo pkill -f 'sshd: ada'", "system-kill-critical"],
    ["pkill ssh", "system-kill-critical"],
    ["sudo killall -HUP dockerd", "system-kill-critical"],
    ["killall loginwindow", "system-kill-critical"],
    ["sudo pkill -KILL Xorg", "system-kill-critical"],
  ])("%s", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule });
  });
});

describe("round 2: security frameworks, kernel, mounts", () => {
  test.each([
    ["sudo setenforce Permissive", "system-security-off"],
    ["sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config", "system-security-off"],
    ["echo 'SELINUX=permissive' | sudo tee /etc/selinux/config", "system-security-off"],
    ["sudo aa-teardown", "system-security-off"],
    ["sudo aa-disable /etc/apparmor.d/usr.sbin.cupsd", "system-security-off"],
    ["sudo systemctl disable --now apparmor", "system-security-off"],
    ["sudo apparmor_parser -R /etc/apparmor.d/docker", "system-security-off"],
    ["sudo auditctl -e 0", "system-security-off"],
    ["sudo spctl --master-disable", "system-security-off"],
    ["sudo spctl --global-disable", "system-security-off"],
    ["csrutil disable", "system-security-off"],
    ["csrutil authenticated-root disable", "system-security-off"],
    ["sudo sysctl -w kernel.randomize_va_space=0", "system-kernel-settings"],
    ["sudo sysctl net.ipv4.ip_forward=1", "system-kernel-settings"],
    ["sudo sysctl -p /etc/sysctl.d/99-custom.conf", "system-kernel-settings"],
    ["echo 0 | sudo tee /proc/sys/kernel/yama/ptrace_scope", "system-kernel-settings"],
    ["sudo sh -c 'echo 1 > /proc/sys/vm/drop_caches'", "system-kernel-settings"],
    ["echo 0 | sudo tee /sys/class/backlight/intel_backlight/brightness", "system-kernel-settings"],
    ["sudo rmmod e1000e", "system-kernel-modules"],
    ["sudo modprobe -r nvidia_drm", "system-kernel-modules"],
    ["sudo insmod ./rootkit.ko", "system-kernel-modules"],
    ["sudo kextunload -b com.example.driver", "system-kernel-modules"],
    ["sudo umount -l /", "system-unmount"],
    ["sudo umount -f /home", "system-unmount"],
    ["sudo umount /boot/efi", "system-unmount"],
    ["sudo umount -a", "system-unmount"],
    ["sudo swapoff -a", "system-unmount"],
    ["sudo swapoff /swapfile", "system-unmount"],
  ])("%s", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule });
  });
});

describe("round 2: passwords, packages, logs, host access", () => {
  test.each(["sudo passwd -d root", "passwd --delete deploy", "sudo sh -c 'passwd -d ada'"])("an account without a password is blocked: %s", (input) => {
    expect(decide(input)).toMatchObject({ decision: "block", rule: "system-password-removed" });
  });

  test.each([
    ["sudo passwd -l root", "system-passwords"],
    ["echo 'deploy:s3cret' | sudo chpasswd", "system-passwords"],
    ["sudo usermod -L ada", "system-passwords"],
    ["sudo apt-get remove --purge -y openssh-server", "system-remove-packages"],
    ["sudo apt purge -y 'python3*'", "system-remove-packages"],
    ["sudo apt-get -y autoremove --purge", "system-remove-packages"],
    ["sudo dnf remove -y systemd", "system-remove-packages"],
    ["sudo yum erase httpd", "system-remove-packages"],
    ["sudo pacman -Rns --noconfirm firefox", "system-remove-packages"],
    ["sudo zypper rm nginx", "system-remove-packages"],
    ["apk del curl", "system-remove-packages"],
    ["sudo dpkg --purge libssl3", "system-remove-packages"],
    ["sudo rpm -e --nodeps glibc", "system-remove-packages"],
    ["sudo snap remove --purge lxd", "system-remove-packages"],
    ["sudo journalctl --vacuum-time=1s", "system-erase-logs"],
    ["sudo journalctl --vacuum-size=1K --vacuum-files=1", "system-erase-logs"],
    ["sudo dmesg --clear", "system-erase-logs"],
    ["sudo log erase --all", "system-erase-logs"],
    ["sudo truncate -s 0 /var/log/auth.log", "system-erase-logs"],
    ["docker run --privileged -v /:/host -it alpine chroot /host", "system-host-access-container"],
    ["podman run --rm -v /etc:/host-etc:ro fedora cat /host-etc/shadow", "system-host-access-container"],
    ["docker run -d -v /var/run/docker.sock:/var/run/docker.sock portainer/portainer-ce", "system-host-access-container"],
    ["docker run --rm --mount type=bind,source=/,target=/h alpine ls /h", "system-host-access-container"],
    ["docker run --pid=host --rm -it alpine nsenter -t 1 -m sh", "system-host-access-container"],
    ["nerdctl run --cap-add=SYS_ADMIN --rm alpine mount", "system-host-access-container"],
    ["docker container run --security-opt apparmor=unconfined debian", "system-host-access-container"],
    ["docker exec -it --privileged web sh", "system-host-access-container"],
    ["sudo nsenter -t 1 -m -u -i -n -p sh", "system-host-access-container"],
    ["sudo nsenter --target 1 --all bash", "system-host-access-container"],
    ["sudo chroot /mnt/sysimage /bin/bash", "system-host-access-container"],
  ])("%s", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule });
  });

  test.each([
    "pkill -f 'node server.js'",
    "pkill -INT vite",
    "pgrep -u ada -l node",
    "trap 'pkill -P $$' EXIT; npm run dev",
    "ps -u ada",
    "getenforce && sestatus",
    "aa-status",
    "spctl --status",
    "csrutil status",
    "sysctl vm.max_map_count",
    "sysctl -a | grep somaxconn",
    "cat /proc/sys/fs/inotify/max_user_watches",
    "lsmod | grep kvm",
    "modinfo e1000e",
    "sudo modprobe br_netfilter",
    "mount | grep nvme",
    "sudo umount /mnt/usb",
    "umount ./mnt/image",
    "swapon --show",
    "passwd -S ada",
    "sudo apt-get install -y libpq-dev",
    "sudo apt autoremove -y",
    "apt-get -s remove nginx",
    "apt list --installed | grep python3",
    "sudo dnf install -y gcc",
    "brew uninstall --force node@18",
    "pip uninstall -y requests",
    "npm uninstall -g typescript",
    "journalctl -u app --since today",
    "journalctl --disk-usage",
    "dmesg | tail -20",
    'docker run --rm -it -v "$PWD":/app -w /app node:20 npm test',
    "docker run --rm --network host redis:7",
    "docker run -d -p 5432:5432 -v pgdata:/var/lib/postgresql/data postgres:16",
    "docker run --rm --mount type=bind,source=./data,target=/data alpine ls /data",
    "docker exec -it web sh",
  ])("passes: %s", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

describe("round 2: process 1, and ansible's ad hoc commands", () => {
  test.each([
    ["sudo kill -9 1", "system-kill-init"],
    ["kill 1", "system-kill-init"],
    ["sudo kill -TERM 1", "system-kill-init"],
    ["ansible all -b -a 'reboot'", "system-power"],
    ["ansible webservers -m ansible.builtin.reboot --become", "system-power"],
    ["ansible all -i hosts.ini -m shell -a 'systemctl stop nginx' -b", "system-stop-service"],
  ])("%s", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule });
  });

  test("a delete run on every host is judged like one run here", () => {
    expect(decide("ansible all -m shell -a 'rm -rf /var/www'")).toMatchObject({ decision: "block", rule: "fs-recursive-delete" });
  });

  test.each(["kill -0 1", "kill -s 1 4242", "kill -1 4242", "ansible all -m ping", "ansible all -a 'df -h'", "ansible db -b -m apt -a 'name=nginx state=latest'"])(
    "passes: %s",
    (input) => {
      expect(decide(input).decision).toBe("continue");
    },
  );
});

describe("round 2: the network taken down, mounts over system directories, raw devices, other package managers", () => {
  test.each([
    ["sudo ip link set eth0 down", "system-network-down"],
    ["sudo ip l set dev wlan0 down", "system-network-down"],
    ["sudo ip route del default", "system-network-down"],
    ["sudo ip -6 route flush table main", "system-network-down"],
    ["sudo ip addr flush dev eth0", "system-network-down"],
    ["sudo ifconfig en0 down", "system-network-down"],
    ["sudo ifdown --force eth0", "system-network-down"],
    ["nmcli networking off", "system-network-down"],
    ["nmcli radio wifi off", "system-network-down"],
    ["nmcli connection down 'Wired connection 1'", "system-network-down"],
    ["nmcli dev disconnect wlp2s0", "system-network-down"],
    ["networksetup -setairportpower en0 off", "system-network-down"],
    ["sudo rfkill block all", "system-network-down"],
    ["sudo mount -o remount,ro /", "system-unmount"],
    ["sudo mount --bind /tmp/fake-etc /etc", "system-unmount"],
    ["docker run -it --device=/dev/sda ubuntu", "system-host-access-container"],
    ["podman run --device /dev/mem:/dev/mem alpine", "system-host-access-container"],
    ["sudo emerge --unmerge sys-apps/openrc", "system-remove-packages"],
    ["flatpak uninstall --all -y", "system-remove-packages"],
    ["nix-env -e python3", "system-remove-packages"],
  ])("%s", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule });
  });

  test.each([
    "ip link show",
    "ip -br addr",
    "sudo ip link set eth0 up",
    "ip route get 1.1.1.1",
    "sudo ip route add 10.10.0.0/16 via 10.0.0.1",
    "sudo ip route del 10.10.0.0/16",
    "ifconfig",
    "nmcli dev status",
    "nmcli connection up 'Wired connection 1'",
    "rfkill list",
    "networksetup -listallnetworkservices",
    "sudo mount /dev/sdb1 /mnt/usb",
    "mount | grep nvme",
    "docker run --rm --device /dev/kvm android-emulator",
    "docker run --rm --device /dev/snd alpine aplay -l",
    "flatpak list",
    "nix-env -iA nixpkgs.ripgrep",
  ])("passes: %s", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

// A service taken down whole: every container from a run-time list, a
// deployment patched to zero replicas, a Nomad job stopped and purged.
describe("workloads taken down", () => {
  test.each([
    "docker kill $(docker ps -q)",
    "docker stop $(docker ps -aq) && docker system df",
    "sudo podman stop $(podman ps --quiet)",
    "docker container stop $(docker container ls -q)",
    `kubectl -n prod patch deployment checkout -p '{"spec":{"replicas": 0}}'`,
    `oc patch dc/web --patch '{"spec": {"replicas":0, "paused": true}}'`,
    `kubectl patch deploy api --type json -p '[{"op":"replace","path":"/spec/replicas","value":0}]'`,
    "nomad job stop -purge billing",
    "NOMAD_ADDR=https://nomad.internal:4646 nomad stop -purge -yes web",
  ])("%s asks", (input) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule: "system-workloads-down" });
  });

  test.each([
    "docker stop web-dev",
    "docker ps -q | wc -l",
    `kubectl patch deploy api -p '{"spec":{"replicas":12}}'`,
    `kubectl patch deploy api -p '{"spec":{"template":{"metadata":{"annotations":{"restart":"1"}}}}}'`,
    `kubectl patch deploy api --dry-run=client -p '{"spec":{"replicas":0}}'`,
    "nomad job stop api",
    "nomad job status -verbose",
  ])("%s passes", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

// Issue 28, class 3: kills that reach further than the one process meant.
describe("kills by a runtime's name, computed lists, the session's parent", () => {
  test.each([
    ["killall -9 node", "system-kill-runtime"],
    ["pkill -KILL -f java", "system-kill-runtime"],
    ["sudo killall php-fpm", "system-kill-runtime"],
    ["kill -9 $(pidof python3)", "system-kill-runtime"],
    ["pgrep -f deno | xargs kill", "system-kill-runtime"],
    ['for p in $(pgrep bash); do kill -9 "$p"; done', "system-kill-runtime"],
    ["while true; do pkill -f python; sleep 1; done", "system-kill-runtime"],
    ["kill -s TERM $PPID", "system-kill-session"],
    ["pkill -9 -P $PPID", "system-kill-session"],
    ["kill $(ps -o ppid= $$)", "system-kill-session"],
    ["ps -A -o pid= | xargs kill", "system-kill-session"],
    ["ps -e | awk 'NR>1 {print $1}' | xargs kill -9", "system-kill-session"],
    ["fuser -k /", "system-kill-session"],
    ["sudo fuser -kim /mnt/data", "system-kill-session"],
  ])("%s asks", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule });
  });

  test.each([
    "pkill -f 'python manage.py runserver'",
    "pkill -f uvicorn",
    "kill $(lsof -t -i:8080)",
    "lsof -ti :3000 | xargs kill -9",
    "fuser -k 8000/tcp",
    "fuser -v /mnt/data",
    "kill -0 $PPID",
    "echo $PPID",
    "ps -o ppid= -p $$",
    "pgrep -fl node",
    "kill $(cat server.pid)",
    "ps aux | grep -v grep | grep 'next dev'",
  ])("%s passes", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

// Issue 28, class 4: macOS administration and security settings.
describe("macOS security settings", () => {
  test.each([
    "sudo defaults write /Library/Preferences/com.apple.loginwindow GuestEnabled -bool YES",
    "defaults -currentHost write com.apple.screensaver askForPassword -int 0",
    "sudo defaults write /Library/Preferences/com.apple.SoftwareUpdate AutomaticCheckEnabled -bool false",
    "defaults delete com.apple.LaunchServices LSQuarantine",
    "sudo systemsetup -setremotelogin on",
    "sudo networksetup -setwebproxy Wi-Fi 10.0.0.9 8080",
    "sudo /usr/libexec/ApplicationFirewall/socketfilterfw --setglobalstate off",
    "sudo security authorizationdb write system.preferences allow",
    "security remove-trusted-cert -d corp-root.cer",
    "tccutil reset ScreenCapture com.example.app",
    "sudo nvram boot-args='-v amfi_get_out_of_my_way=0x1'",
    "sudo fdesetup disable -user ada",
    "sudo profiles remove -identifier com.corp.mdm",
    "sudo softwareupdate --schedule off",
    "xattr -c ./Downloaded.app",
  ])("%s asks", (input) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule: "system-macos-security" });
  });

  test("a password dialog drawn by a script is blocked", () => {
    const input = `osascript -e 'display dialog "Enter your password to continue" default answer "" with icon caution with hidden answer'`;
    expect(decide(input)).toMatchObject({ decision: "block", rule: "system-macos-fake-prompt" });
  });

  test.each([
    "defaults read /Library/Preferences/com.apple.alf",
    "defaults write com.apple.finder AppleShowAllFiles -bool true",
    "defaults write -g ApplePressAndHoldEnabled -bool false",
    "systemsetup -getcomputersleep",
    "networksetup -listallnetworkservices",
    "security find-certificate -c 'Corp Root' -p > corp.pem",
    "nvram -p | grep boot",
    "fdesetup status",
    "profiles list",
    "softwareupdate --list",
    "xattr -l ./build/App.app",
    `osascript -e 'display notification "Build finished" with title "make"'`,
    `osascript -e 'display dialog "Deploy finished"'`,
  ])("%s passes", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

// Issue 28, class 6: a node or the container engine reached through the cluster or the engine's API.
describe("host access through a cluster or the engine's API", () => {
  test.each([
    `kubectl run shell --image=ubuntu -it --rm --overrides='{"spec":{"hostPID":true,"hostIPC":true}}' -- bash`,
    `kubectl run x --image=alpine --overrides='{"spec":{"volumes":[{"name":"h","hostPath":{"path":"/"}}]}}'`,
    `oc debug node/infra-1`,
    "kubectl debug -it api-0 --image=busybox --profile=sysadmin",
    "curl -k https://192.168.1.20:10250/exec/kube-system/etcd-0/etcd?command=id",
    "curl -s --unix-socket /run/containerd/containerd.sock http://x/v1/version",
    `curl --unix-socket /var/run/docker.sock -H 'Content-Type: application/json' -d '{"Image":"alpine","HostConfig":{"Binds":["/:/h"]}}' http://localhost/containers/create`,
  ])("%s asks", (input) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule: "system-host-access-cluster" });
  });

  test.each([
    "kubectl run curl --image=curlimages/curl -it --rm -- sh",
    `kubectl run x --image=alpine --overrides='{"spec":{"serviceAccountName":"reader"}}'`,
    "kubectl debug -it web-5f --image=busybox --target=web",
    "kubectl exec -it api-0 -- ls /app",
    "curl -s http://localhost:8080/healthz",
    "docker ps --format '{{.Names}}'",
  ])("%s passes", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

// Issue 28, class 9: power over D-Bus, the disk filled, the machine loaded.
describe("power over D-Bus and resource exhaustion", () => {
  test.each([
    ["gdbus call --system --dest org.freedesktop.login1 --object-path /org/freedesktop/login1 --method org.freedesktop.login1.Manager.Suspend true", "system-power-dbus"],
    ["qdbus org.kde.Shutdown /Shutdown logout", "system-power-dbus"],
    ["dd if=/dev/urandom of=$HOME/junk", "system-resource-exhaustion"],
    ["yes AAAA > /tmp/spam.txt", "system-resource-exhaustion"],
    ["cat /dev/zero > ~/fill.bin", "system-resource-exhaustion"],
    ["truncate -s 2T sparse.img", "system-resource-exhaustion"],
    ["stress --vm 16 --vm-bytes 2G", "system-resource-exhaustion"],
  ])("%s asks", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule });
  });

  test.each([
    "busctl list",
    "busctl introspect org.freedesktop.login1 /org/freedesktop/login1",
    "dd if=/dev/zero of=test.img bs=1M count=100",
    "dd if=/dev/urandom bs=16 count=1 | xxd",
    "head -c 1M /dev/urandom > fixture.bin",
    "truncate -s 0 app.log",
    "fallocate -l 512M data.img",
    "yes | npx some-installer --defaults",
  ])("%s passes", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});
