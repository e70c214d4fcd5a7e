import { z } from "zod";

// zod probes `new Function` to compile faster parsers; under the Content-Security-Policy (no eval)
// that probe is refused and reported as a violation. The browser parses little, so it goes without.
z.config({ jitless: true });
