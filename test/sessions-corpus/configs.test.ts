// The session corpus's shapes SHARDS["configs"] names, judged in process (test/support/sessions-corpus.ts).
import { describeShard } from "../support/sessions-corpus.ts";
import { setTestLimit } from "../support/test-limit.ts";

setTestLimit();

describeShard("configs");
