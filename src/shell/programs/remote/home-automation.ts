// Home automation and IoT: Home Assistant's CLIs (hass-cli, and `ha` on
// Home Assistant OS) and MQTT publishing (mosquitto_pub), the way Tasmota,
// Zigbee2MQTT and most home devices are driven. What asks is what acts on the
// physical world or loses a home's setup: unlocking a lock, disarming an
// alarm, opening a garage door, restarting or rebooting the hub, a device's
// firmware upgrade or factory reset, deleting entities, devices, areas and
// backups, and wiping retained messages. Reading states, listing and
// publishing a sensor reading pass.
import { destroys, group, names, type Options, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

/** Services that open a home to the world or take its hub down (`lock.unlock`, `alarm_control_panel.alarm_disarm`, `homeassistant.stop`). */
const ACTING_SERVICES = [
  "lock.unlock",
  "lock.open",
  "alarm_control_panel.alarm_disarm",
  "cover.open_cover",
  "homeassistant.stop",
  "homeassistant.restart",
  "hassio.host_reboot",
  "hassio.host_shutdown",
  "hassio.backup_delete",
  "recorder.purge",
  "recorder.purge_entities",
].join("|");

const HASS_OPTIONS: Options = { "--server": "url", "-s": "url", "--token": "value", "--password": "value", "-o": "value", "--output": "value", "--arguments": "value" };

export const HASS_CLI: RemoteCli = {
  id: "hass-cli",
  names: ["hass-cli"],
  about: "Home Assistant CLI",
  spec: group(
    "iot",
    {
      ...names(
        ["entity", "device", "area"],
        group(undefined, { ...names(["delete", "remove"], destroys(HASS_OPTIONS)), ...readVerbs(["list", "get"], HASS_OPTIONS) }, HASS_OPTIONS),
      ),
      service: group(undefined, readVerbs(["list"], HASS_OPTIONS), HASS_OPTIONS),
      ...readVerbs(["state", "info", "config", "event", "template", "discover", "map", "raw", "system"], HASS_OPTIONS),
    },
    HASS_OPTIONS,
  ),
  alsoAsksWhen: [{ category: "iot", subcommand: "service call", args: [ACTING_SERVICES] }],
  examples: {
    iot: {
      asks: [
        "hass-cli service call lock.unlock --arguments entity_id=lock.front_door",
        "hass-cli service call alarm_control_panel.alarm_disarm --arguments entity_id=alarm_control_panel.home",
        "hass-cli service call homeassistant.restart",
        "hass-cli entity delete sensor.temp",
        "hass-cli device delete abc123",
      ],
      passes: [
        "hass-cli state list",
        "hass-cli state get light.kitchen",
        "hass-cli service list",
        "hass-cli service call light.turn_on --arguments entity_id=light.kitchen",
        "hass-cli entity list",
      ],
    },
  },
};

/** `ha` on Home Assistant OS: the host, the core and the supervisor's backups. */
export const HA: RemoteCli = {
  id: "ha",
  names: ["ha"],
  about: "Home Assistant OS CLI",
  spec: group("iot", {
    host: group(undefined, { ...names(["reboot", "shutdown"], destroys()), ...readVerbs(["info", "logs"]) }),
    ...names(["backups", "snapshots"], group(undefined, { ...names(["remove", "delete", "restore"], destroys()), ...readVerbs(["list", "info"]) })),
    ...names(["core", "supervisor", "os"], group(undefined, { ...names(["rebuild", "stop", "restore", "repair"], destroys()), ...readVerbs(["info", "logs", "check", "stats"]) })),
    ...readVerbs(["info", "network", "resolution"]),
  }),
  examples: {
    iot: {
      asks: ["ha backups remove abc123", "ha host reboot", "ha core rebuild", "ha core stop"],
      passes: ["ha core info", "ha backups list", "ha core check", "ha host info", "ha core restart"],
    },
  },
};

/**
 * Topics that act: Tasmota's `cmnd/DEVICE/Reset|Upgrade|OtaUrl|Restart`, Zigbee2MQTT's bridge requests that
 * remove or reset devices, and a lock's, alarm's or garage door's command topic.
 */
const ACTING_TOPICS = [
  "cmnd/*/[Rr]eset*",
  "cmnd/*/[Uu]pgrade*",
  "cmnd/*/[Oo]ta[Uu]rl*",
  "cmnd/*/[Rr]estart*",
  "cmnd/*/[Bb]acklog*",
  "zigbee2mqtt/bridge/request/**/remove",
  "zigbee2mqtt/bridge/request/*reset*",
  "**/*[Ll]ock*/**/set",
  "**/*[Aa]larm*/**/set",
  "**/*[Gg]arage*/**/set",
].join("|");

const MOSQUITTO_OPTIONS: Options = {
  "-h": "value",
  "-p": "value",
  "-t": "value",
  "-m": "value",
  "-u": "value",
  "-P": "value",
  "-i": "value",
  "-q": "value",
  "-L": "url",
  "-f": "read",
  "--cafile": "read",
  "--cert": "read",
  "--key": "read",
};

export const MOSQUITTO_PUB: RemoteCli = {
  id: "mosquitto_pub",
  names: ["mosquitto_pub"],
  about: "MQTT publisher",
  spec: { options: MOSQUITTO_OPTIONS, operands: ["read"], tags: ["iot"] },
  alsoAsksWhen: [
    { category: "iot", args: [ACTING_TOPICS] },
    // `-r -n`: an empty retained message deletes what the broker kept for the topic (with `#`, a whole tree's last states).
    { category: "iot", flags: ["-r", "-n"], args: ["#|**/#"] },
  ],
  examples: {
    iot: {
      asks: [
        "mosquitto_pub -h mqtt -t 'cmnd/sonoff/Reset' -m 1",
        "mosquitto_pub -t 'cmnd/tasmota/Upgrade' -m 'http://x/fw.bin'",
        "mosquitto_pub -h broker.lan -t 'home/lock/front/set' -m UNLOCK",
        "mosquitto_pub -h mqtt -t 'zigbee2mqtt/bridge/request/device/remove' -m '{\"id\":\"lock\"}'",
        "mosquitto_pub -h mqtt -t 'home/#' -r -n",
      ],
      passes: [
        "mosquitto_pub -h localhost -t test/topic -m hello",
        "mosquitto_pub -t sensors/kitchen/temp -m 21.5",
        "mosquitto_pub -h mqtt -t cmnd/tasmota/Status -m 0",
        "mosquitto_pub -h mqtt -t home/lock/front/state -m locked",
      ],
    },
  },
};
