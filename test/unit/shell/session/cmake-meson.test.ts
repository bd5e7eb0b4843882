// CMake runs execute_process when configuring and the custom commands when
// building; Meson runs run_command at setup and custom_target/run_target
// commands when compiling.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const lists = (body: string) => `cmake_minimum_required(VERSION 3.20)\nproject(demo C)\n${body}\nadd_executable(demo main.c)\n`;

describe("cmake", () => {
  test("configuring runs execute_process commands and file(REMOVE_RECURSE), not the custom commands", () => {
    const text = lists(
      'execute_process(COMMAND git describe --tags OUTPUT_VARIABLE v)\nexecute_process(COMMAND rm -rf $ENV{HOME}/.cache COMMAND echo "two words")\nadd_custom_target(x ALL COMMAND touch stamp)',
    );
    const ran = ranFrom("cmake -S . -B build", { "CMakeLists.txt": text });
    expect(ran).toContain("git describe");
    expect(ran).toContain("rm /home/ada/.cache");
    expect(ran).toContain("echo two words");
    expect(ran).not.toContain("touch stamp");
    expect(ranFrom("cmake -B out", { "CMakeLists.txt": lists("file(REMOVE_RECURSE $ENV{HOME})") })).toContain("rm /home/ada");
    // From a build directory inside the project, `cmake ..` configures the project.
    expect(ranFrom("cd build && cmake ..", { "CMakeLists.txt": lists("file(REMOVE_RECURSE $ENV{HOME})") })).toContain("rm /home/ada");
    expect(neededBy("cmake -S sub -B out")).toContain("sub/CMakeLists.txt");
  });

  test("building runs add_custom_command and add_custom_target commands, keywords ending each", () => {
    const text = lists(
      'add_custom_command(TARGET demo POST_BUILD COMMAND sh -c "rm -rf ~/" VERBATIM)\nadd_custom_target(docs COMMAND doxygen Doxyfile WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})',
    );
    const ran = ranFrom("cmake --build build", { "CMakeLists.txt": text });
    expect(ran).toContain("rm /home/ada/");
    expect(ran).toContain("doxygen Doxyfile");
  });

  test("a commented-out call runs nothing; -E and --version read no project file", () => {
    expect(ranFrom("cmake .", { "CMakeLists.txt": lists("# execute_process(COMMAND rm -rf ~)\n#[[ execute_process(COMMAND rm -rf ~) ]]") })).toEqual([]);
    expect(neededBy("cmake -S . -B build")).toContain("CMakeLists.txt");
    expect(neededBy("cmake --version")).not.toContain("CMakeLists.txt");
    expect(neededBy("cmake -E make_directory out")).not.toContain("CMakeLists.txt");
  });

  test("cmake -P runs the script it names", () => {
    expect(ranFrom("cmake -P tools/clean.cmake", { "tools/clean.cmake": "execute_process(COMMAND chmod -R 777 $ENV{HOME})\n" })).toContain("chmod 777 /home/ada");
  });
});

describe("meson", () => {
  const build =
    "project('demo', 'c')\nrun_command('sh', '-c', 'rm -rf ~/', check: true)\ncustom_target('gen', output: 'gen.h', command: ['python3', 'gen.py', '@OUTPUT@'])\nexecutable('demo', 'main.c')\n";

  test("setup runs run_command; compile runs the custom targets too", () => {
    const setup = ranFrom("meson setup build", { "meson.build": build });
    expect(setup).toContain("rm /home/ada/");
    expect(setup).not.toContain("python3 gen.py @OUTPUT@");
    expect(ranFrom("meson compile -C build", { "meson.build": build })).toContain("python3 gen.py @OUTPUT@");
  });

  test("meson's own tools read no meson.build; ninja without one runs nothing from it", () => {
    expect(neededBy("meson setup build")).toContain("meson.build");
    expect(neededBy("meson init")).not.toContain("meson.build");
    expect(neededBy("ninja -C build")).toContain("meson.build?");
  });
});
