// The session corpus's shapes SHARDS["task-files"] names, judged in process (test/support/sessions-corpus.ts).
import { describeShard } from "../support/sessions-corpus.ts";
import { setTestLimit } from "../support/test-limit.ts";

setTestLimit();

describeShard("task-files");
