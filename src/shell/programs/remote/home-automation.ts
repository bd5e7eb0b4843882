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
    ...names(["core", "supervisor"], group(undefined, { ...names(["rebuild", "stop", "restore", "repair"], destroys()), ...readVerbs(["info", "logs", "check", "stats"]) })),
    // `ha os datadisk wipe` erases the data disk (every add-on, backup and setting); `move` migrates it to another disk.
    os: group(undefined, {
      ...names(["rebuild", "stop", "restore", "repair"], destroys()),
      datadisk: group(undefined, { ...names(["wipe", "move"], destroys()), ...readVerbs(["list", "info"]) }),
      ...readVerbs(["info", "logs", "check", "stats"]),
    }),
    ...readVerbs(["info", "network", "resolution"]),
  }),
  examples: {
    iot: {
      asks: ["ha backups remove abc123", "ha host reboot", "ha core rebuild", "ha core stop", "ha os datadisk wipe", "ha os datadisk move /dev/sdb"],
      passes: ["ha core info", "ha backups list", "ha core check", "ha host info", "ha core restart", "ha os datadisk list", "ha os info"],
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
  // Tasmota's commands to a device named for what it opens or guards (`cmnd/garage/POWER`, `cmnd/front-lock/Power1`).
  "cmnd/*[Gg]arage*/*",
  "cmnd/*[Ll]ock*/*",
  "cmnd/*[Dd]oor*/*",
  "cmnd/*[Gg]ate*/*",
  "cmnd/*[Aa]larm*/*",
  // Zigbee2MQTT told to let any device join the home's network, or to restart, or a device's firmware updated.
  "**/bridge/request/permit_join",
  "**/bridge/request/restart",
  "**/bridge/request/device/ota_update/update",
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
        "mosquitto_pub -h 192.168.1.20 -t 'cmnd/garage/POWER' -m ON",
        "mosquitto_pub -h mqtt -t 'zigbee2mqtt/bridge/request/permit_join' -m '{\"value\":true}'",
      ],
      passes: [
        "mosquitto_pub -h localhost -t test/topic -m hello",
        "mosquitto_pub -t sensors/kitchen/temp -m 21.5",
        "mosquitto_pub -h mqtt -t cmnd/tasmota/Status -m 0",
        "mosquitto_pub -h mqtt -t home/lock/front/state -m locked",
        "mosquitto_pub -h mqtt -t cmnd/kitchen-lamp/POWER -m ON",
        "mosquitto_pub -h mqtt -t 'zigbee2mqtt/bridge/request/devices' -m ''",
      ],
    },
  },
};

/** `hass --script auth …` manages Home Assistant's own users: a password changed or a user added locks people out or lets one in. */
export const HASS_CORE: RemoteCli = {
  id: "hass",
  names: ["hass"],
  about: "Home Assistant core",
  spec: { options: { "--script": "value", "-c": "path", "--config": "path", "--log-file": "write" }, operands: ["read"], tags: ["iot"] },
  alsoAsksWhen: [{ category: "iot", flags: ["--script"], args: ["change_password|add|remove|delete"] }],
  examples: {
    iot: {
      asks: ["hass --script auth change_password admin hunter2", "hass -c /config --script auth add intruder pw"],
      passes: ["hass --script auth list", "hass --script check_config -c /config", "hass --version"],
    },
  },
};

const KASA_OPTIONS: Options = {
  "--host": "value",
  "--alias": "value",
  "--target": "value",
  "--type": "value",
  "--username": "value",
  "--password": "value",
  "--credentials-hash": "value",
};

/**
 * python-kasa's `kasa` (TP-Link smart plugs, strips and bulbs): a plug switched off takes down whatever it powers (a
 * freezer, a server, an aquarium); a reboot, factory reset, firmware update or Wi-Fi change can lose the device.
 */
export const KASA: RemoteCli = {
  id: "kasa",
  names: ["kasa"],
  about: "TP-Link Kasa smart-plug CLI",
  spec: group(
    "iot",
    {
      ...names(["off", "toggle", "reboot", "factory-reset"], destroys(KASA_OPTIONS)),
      wifi: group(undefined, { join: destroys(KASA_OPTIONS), ...readVerbs(["scan"], KASA_OPTIONS) }, KASA_OPTIONS),
      firmware: group(undefined, { update: destroys(KASA_OPTIONS), ...readVerbs(["info"], KASA_OPTIONS) }, KASA_OPTIONS),
      schedule: group(undefined, { ...names(["delete", "delete-all"], destroys(KASA_OPTIONS)), ...readVerbs(["list"], KASA_OPTIONS) }, KASA_OPTIONS),
      ...readVerbs(["state", "discover", "sysinfo", "emeter", "usage", "time", "on", "brightness", "hsv", "temperature", "led"], KASA_OPTIONS),
    },
    KASA_OPTIONS,
  ),
  examples: {
    iot: {
      asks: ["kasa --host 192.168.1.77 off", "python3 -m kasa --host 192.168.1.77 off", "kasa --host 192.168.1.77 reboot", "kasa --alias 'Server rack' factory-reset"],
      passes: ["kasa discover", "kasa --host 192.168.1.77 state", "kasa --host 192.168.1.77 on", "kasa --host 192.168.1.77 emeter"],
    },
  },
};

const OCTOPRINT_OPTIONS: Options = { "--host": "value", "--apikey": "value", "--port": "value", "-c": "path", "--config": "path" };

/** octoprint-cli drives a 3D printer: a print started heats and moves it unattended; one cancelled wastes the part in progress. */
export const OCTOPRINT_CLI: RemoteCli = {
  id: "octoprint-cli",
  names: ["octoprint-cli", "octoprint_cli"],
  about: "OctoPrint CLI",
  spec: group(
    "iot",
    {
      print: group(
        undefined,
        { ...names(["start", "select", "cancel", "restart"], destroys(OCTOPRINT_OPTIONS)), ...readVerbs(["status", "pause", "resume"], OCTOPRINT_OPTIONS) },
        OCTOPRINT_OPTIONS,
      ),
      files: group(undefined, { ...names(["delete", "remove", "rm"], destroys(OCTOPRINT_OPTIONS)), ...readVerbs(["list", "info"], OCTOPRINT_OPTIONS) }, OCTOPRINT_OPTIONS),
      system: group(undefined, { ...names(["shutdown", "reboot", "restart"], destroys(OCTOPRINT_OPTIONS)), ...readVerbs(["commands"], OCTOPRINT_OPTIONS) }, OCTOPRINT_OPTIONS),
      gcode: destroys(OCTOPRINT_OPTIONS),
      ...readVerbs(["version", "continous", "status", "info"], OCTOPRINT_OPTIONS),
    },
    OCTOPRINT_OPTIONS,
  ),
  examples: {
    iot: {
      asks: ["octoprint-cli print start big_part.gcode", "octoprint-cli print cancel", "octoprint-cli files delete old.gcode", "octoprint-cli gcode 'M104 S250'"],
      passes: ["octoprint-cli print status", "octoprint-cli files list", "octoprint-cli version"],
    },
  },
};

/**
 * ESPHome: `clean-mqtt` deletes the retained discovery messages of a device (its entities vanish from the home's
 * hub); `clean` only removes the local build. Compiling, validating, logs and flashing one's own device pass.
 */
export const ESPHOME: RemoteCli = {
  id: "esphome",
  names: ["esphome"],
  about: "ESPHome",
  spec: group("iot", {
    "clean-mqtt": destroys({ "--topic": "value", "--username": "value", "--password": "value", "--client-id": "value" }),
    ...readVerbs(["config", "compile", "logs", "version", "dashboard", "wizard", "clean", "run", "upload"], { "--device": "value", "--no-logs": "flag" }),
  }),
  examples: {
    iot: {
      asks: ["esphome clean-mqtt living-room.yaml", "python3 -m esphome clean-mqtt garage.yaml --topic homeassistant"],
      passes: ["esphome config living-room.yaml", "esphome compile living-room.yaml", "esphome logs living-room.yaml", "esphome run living-room.yaml --device /dev/ttyUSB0"],
    },
  },
};
