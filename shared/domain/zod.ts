/**
 * The project's zod: `zod/mini`, with zod's English messages.
 *
 * `zod/mini` is the same validator as `import * as z from 'zod'` behind functions instead of
 * methods (`z.optional(s)`, `s.check(z.minLength(1))`), so a bundle keeps only the functions it
 * calls: ≈ 25–30 KiB of zod per function instead of ≈ 95 KiB (docs/architecture.md, "Cold
 * starts"). Classic zod installs English messages when its first schema is made; mini installs
 * none ("Invalid input" for everything), and the messages reach clients (a 400's `details`), so
 * they are installed here, where every schema of shared/ gets its `z`.
 */
import * as z from 'zod/mini';
// The one locale by its own path: `z.locales.en` would bundle every locale (≈ 200 KiB).
import en from 'zod/v4/locales/en.js';

z.config(en());

export * from 'zod/mini';
