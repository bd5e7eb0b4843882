// The session corpus's shapes SHARDS["test-runners"] names, judged in process (test/support/sessions-corpus.ts).
import { describeShard } from "../support/sessions-corpus.ts";
import { setTestLimit } from "../support/test-limit.ts";

setTestLimit();

describeShard("test-runners");
