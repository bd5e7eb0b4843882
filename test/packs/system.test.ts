// builtin:system under the default policy: every process signalled and fork
// bombs are blocked; power, services and firewalls are asked about; one
// process, one job, one name, and reading state pass.
import { describe, expect, test } from "bun:test";
import { decide } from "../support/decide.ts";

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
    "killall -9 node",
    "pgrep -f .",
    "lsblk && df -h && free -m",
    "systemctl status postgresql",
    "sudo systemctl restart nginx",
    "sudo systemctl start docker",
    "sudo iptables -A INPUT -p tcp --dport 22 -j ACCEPT",
    "sudo ufw allow 22/tcp",
    "shutdown -c",
    "walk() { for f in \"$1\"/*; do echo \"$f\"; done; }; walk src &",
  ])("%s", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});
