// zod compiles object parsers with `new Function` where eval is allowed, and finds
// out by trying once, when the first object schema is built: under our CSP (no
// 'unsafe-eval') that try is a reported violation on every visit. The browser
// parses small answers and the interpreter is fast enough, so zod is told not to
// try. This must run before @folio/core builds its schemas (boot.ts orders it).
import { config } from 'zod';

config({ jitless: true });
