// Runs before every `bun test` (bunfig.toml): the generated test media must exist before any test file reads them.
import { ensureCorpus } from "./support/corpus";

ensureCorpus();
