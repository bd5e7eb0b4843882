// Options that load a shared library from a file are tagged `loads-library`
// (library-loads.ts), and the default policy asks about every such load; an
// engine, provider or plugin named without a path is not a file and passes.
import { describe, expect, test } from "bun:test";
import { libraryOptions, LOADS_LIBRARY } from "../../../../src/shell/programs/library-loads.ts";
import { decide } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("libraryOptions", () => {
  test("a value with a directory or a library suffix is a library file", () => {
    expect(Object.keys(libraryOptions("--engine")).sort()).toEqual(["--engine=*.dylib", "--engine=*.so", "--engine=*.so.*", "--engine=*/*"]);
    expect(Object.values(libraryOptions("-D", "-x")).every((tags) => tags === LOADS_LIBRARY)).toBe(true);
  });
});

describe("the default policy asks about a library loaded from a file", () => {
  const loads = [
    "curl --engine /opt/hsm/libengine.so https://api.example.com",
    "openssl dgst -sha256 -engine ../plugins/eng.so -sign key.pem data.bin",
    "ssh-keygen -D ./pkcs11-provider.so",
    "mysql --plugin-dir=/var/tmp/plug -u app shop",
    "mysql --default-auth=../../../home/ada/x shop",
    "ffmpeg -i song.flac -af ladspa=file=/dev/shm/amp.so out.wav",
    "enable -f ./build/libbuiltin.so mybuiltin",
    "ld.so --preload /var/tmp/hook.so /usr/bin/id",
    "echo /srv/libs > /tmp/ld.conf && ldconfig -f /tmp/ld.conf",
    'ruby -e \'require "fiddle"; Fiddle.dlopen("./ext/native.so")\'',
    "perl -MDynaLoader -e 'DynaLoader::dl_load_file(\"/tmp/ext.so\")'",
    "printf 'load /tmp/tclext.so\\n' | tclsh",
    "nginx -g 'load_module /tmp/ngx_mod.so;' -t",
  ];
  for (const line of loads)
    test(line, () => {
      const { decision, rule } = decide(line);
      expect({ decision, rule }).toEqual({ decision: "confirm", rule: "remote-code-library-load" });
    });

  const everyday = [
    "openssl s_client -connect example.com:443 -engine pkcs11",
    "curl --engine list",
    "python3 -c 'import ctypes; print(ctypes.CDLL(\"libc.so.6\").time(None))'",
    "ldconfig -p | grep libssl",
    "sudo ldconfig",
    "mysql -u app -e 'select 1' shop",
    "ffmpeg -i song.flac -af loudnorm out.wav",
  ];
  for (const line of everyday)
    test(`passes: ${line}`, () => {
      expect(decide(line).decision).toBe("continue");
    });
});
