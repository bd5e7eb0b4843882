import { NAME, VERSION } from "../version.ts";

export const HELP = `${NAME} ${VERSION} — policy guard for SynapsCLI coding agents

Usage:
  ${NAME}                 serve the SynapsCLI extension protocol on stdin/stdout
                          (what .synaps-plugin/plugin.json runs; on a terminal
                          it prints this help instead)
  ${NAME} serve           serve the protocol even when stdin is a terminal
  ${NAME} --version       print the version and build
  ${NAME} --help          print this help
`;
