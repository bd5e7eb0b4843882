// A command that prints one named value whose name is no secret (`terraform
// output -json vpc_id`, `sops --decrypt --extract '["db"]["host"]' f`) is
// tagged `public-field`: the rules about printed credentials let it through
// (see ../programs/named-fields.ts for the names). A job scheduler's command
// aimed at the user's own jobs by name (`scancel -u "$USER"`) is tagged
// `own-user`.
import { namedField, publicFieldName, selectsOwnUser } from "../programs/named-fields.ts";
import type { SimpleCommand } from "../view/view.ts";

const PUBLIC_FIELD_TAG = "public-field";
const OWN_USER_TAG = "own-user";

export function tagPublicFields(commands: readonly SimpleCommand[], home: string) {
  for (const command of commands) {
    if (command.dynamicArgs) continue;
    const field = namedField(command.name, command.args);
    if (field !== undefined && publicFieldName(field)) command.tags.push(PUBLIC_FIELD_TAG);
    if (selectsOwnUser(command.name, command.args, home)) command.tags.push(OWN_USER_TAG);
  }
}
