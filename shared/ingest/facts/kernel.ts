/**
 * The Linux kernel CNA's description template: "In the Linux kernel, the following vulnerability
 * has been resolved:\n\n<subsystem>: <commit subject>\n\n<commit message>". The subject line says
 * what the commit fixes and where; the commit message after it is a developer's analysis, whose
 * words ("the only implementation", "a possible …") are not facts about the flaw. So the bug class
 * and the component are read from the subject line alone, and the title is written from them.
 */
import { capitalise } from '../explainer/capitalise.js';

const HEADER = /^\s*In the Linux kernel,? the following vulnerability has been resolved:?\s*/i;

/** "net/rds: ", "i2c: ", "bpf, s390: ": tokens with no space but after a comma. */
const PREFIX = /^([\w./+-]+(?:, [\w./+-]+)*):\s+/;

export interface KernelSubject {
  /** The subsystem prefixes, outermost first: ["net", "rds"] for "net: rds:", ["drm/amd/display"]. */
  readonly subsystem: readonly string[];
  /** The subject after the prefixes: "fix possible cp null dereference". */
  readonly text: string;
  /** The commit message's first paragraph, which often names the bug the subject only fixes ("syzbot reported a use-after-free …"). */
  readonly lead: string;
}

export const isKernelTemplate = (description: string): boolean => HEADER.test(description);

/** The subject line, its subsystem prefixes split off; undefined for any other description. */
export function kernelSubject(description: string): KernelSubject | undefined {
  const header = HEADER.exec(description);
  if (!header) return undefined;
  const [first, ...paragraphs] = description.slice(header[0].length).split(/\n\s*\n/);
  const line = first?.split('\n')[0]?.trim() ?? '';
  if (!line) return undefined;
  const subsystem: string[] = [];
  let rest = line;
  // "net/rds: …", "i2c: tegra: …", "Revert \"…\"" has none. A prefix is one token with no space.
  for (let prefix = PREFIX.exec(rest); prefix && subsystem.length < 4; prefix = PREFIX.exec(rest)) {
    subsystem.push(prefix[1]!);
    rest = rest.slice(prefix[0].length);
  }
  const lead = (paragraphs[0] ?? '').replace(/\s+/g, ' ').trim();
  return { subsystem, text: rest.replace(/\.$/, '').trim(), lead };
}

/** Bug classes as kernel developers write them in a subject, with the name a reader knows. */
const BUG_CLASSES: readonly (readonly [RegExp, string])[] = [
  [/\b(?:use[- ]after[- ]free|UAF)\b/i, 'use-after-free'],
  [/\bdouble[- ]free\b/i, 'double free'],
  [/\bdouble (?:\w+ )?unlock\b/i, 'double unlock'],
  [/\b(?:null[- ]ptr[- ]deref\w*|null(?:[- ]pointer)?[- ]deref\w*|NULL pointer|null ptr)\b/i, 'null pointer dereference'],
  // UBSAN's "shift-out-of-bounds" is a shift by too many bits, no memory access.
  [/\bshift[- ]out[- ]of[- ]bounds\b/i, 'out-of-range shift'],
  [/\b(?:out[- ]of[- ]bounds?|OOB)[- ]read\b|\bread (?:buffer )?overflow\b|\bover-?read\b/i, 'out-of-bounds read'],
  [/\b(?:out[- ]of[- ]bounds?|OOB)[- ]write\b|\b(?:buffer|stack|heap) overflow\b|\boverflow (?:of|in) (?:the )?(?:\w+ )?buffer\b/i, 'out-of-bounds write'],
  [/\b(?:out[- ]of[- ]bounds?|OOB)\b|\bslab-out-of-bounds\b|\barray[- ]index[- ]out[- ]of[- ]bounds\b/i, 'out-of-bounds access'],
  [/\b(?:refcount|reference count|reference|ref|refcnt)[- ]?leaks?\b/i, 'reference count leak'],
  [
    /\b(?:memory|mem|kmemleak) leaks?\b|\bleak(?:s|ing)? (?:of )?memory\b|\bleaks? (?:of )?(?:\w+ )?(?:buffer|skb|page|struct|object|allocation)s?\b/i,
    'memory leak',
  ],
  [/\bleak(?:s|ing)?\b/i, 'resource leak'],
  [/\b(?:integer|int|size|length|counter) (?:overflow|underflow|wrap)\b|\b(?:overflow|underflow)\b/i, 'integer overflow'],
  [
    /\buninit(?:ialized|ialised)?[- ](?:value|variable|memory|data|use)\b|\buninit-value\b|\buse of uninitiali[sz]ed\b|\buninitiali[sz]ed\b/i,
    'use of uninitialized memory',
  ],
  [/\bdeadlocks?\b|\bdead lock\b|\bABBA\b/i, 'deadlock'],
  [/\bdata[- ]races?\b|\brace(?:s| condition)?\b|\bracy\b/i, 'race condition'],
  [/\binfinite loop\b|\bendless loop\b|\bsoft lockup\b|\bhang\b/i, 'infinite loop'],
  [/\bdivide[- ]by[- ]zero\b|\bdivision by zero\b|\bdiv(?:ide)?[- ]by[- ]0\b/i, 'division by zero'],
  [/\b(?:kernel )?(?:BUG|panic|oops|crash)\b|\bgeneral protection fault\b/, 'crash'],
  [/\bWARN(?:ING|_ON)?\b/, 'kernel warning'],
  [/\binfo(?:rmation)? leak|\bkernel-infoleak\b/i, 'information leak'],
];

function bugIn(text: string): string | undefined {
  // An information leak is a leak of data, not of memory: checked before "leak".
  if (/\binfo(?:rmation)?[- ]?leak|\bkernel-infoleak\b|\bleak(?:s|ing)? (?:\w+ ){0,3}(?:data|information|contents|bytes)\b/i.test(text))
    return 'information leak';
  return BUG_CLASSES.find(([pattern]) => pattern.test(text))?.[1];
}

/**
 * The bug class the subject names, else the one the message's first paragraph names (a report
 * or a KASAN splat's first line); never one from the later analysis, which weighs bugs the
 * commit rules out. Undefined where neither names one ("Do not mark ACPI devices as irq safe").
 */
export function kernelBug(subject: KernelSubject): string | undefined {
  return bugIn(subject.text) ?? bugIn(subject.lead);
}

/** The function the subject names with "()", else the first identifier written as one ("in tomoyo_write_control"). */
function namedFunction(text: string): string | undefined {
  const called = /\b([A-Za-z_][\w]*(?:(?:->|\.)[A-Za-z_]\w*)*)\(\)/.exec(text)?.[1];
  if (called) return called;
  // "in lpfc_get_sfp_info": a name after "for" or "of" is as often a field ("for db_maxag").
  return /\bin\s+([a-z][a-z0-9]*_[a-z0-9_]+)\b/i.exec(text)?.[1];
}

/**
 * The part where the bug is: the subsystem path ("net/rds", "i2c tegra"), with the function the
 * subject names ("net/rds (__rds_rdma_map)"). Null where the subject names neither.
 */
export function kernelComponent(subject: KernelSubject): string | null {
  const path = subject.subsystem.length > 0 ? subject.subsystem.join(subject.subsystem.some((s) => s.includes('/')) ? '/' : ' ') : undefined;
  const fn = namedFunction(subject.text);
  if (path && fn) return `${path} (${fn})`;
  return path ?? (fn ? `${fn}()` : null);
}

/**
 * "Use-after-free in the Linux kernel's tomoyo (tomoyo_write_control)". Where the subject names
 * no bug class, the title says the part and what the fix does, in the subject's own words, and
 * invents no class: "Linux kernel i2c tegra flaw fixed by "Do not mark ACPI devices as irq safe"".
 */
export function kernelTitle(description: string): string | undefined {
  const subject = kernelSubject(description);
  if (!subject) return undefined;
  const bug = kernelBug(subject);
  const part = kernelComponent(subject);
  if (bug) return part ? `${capitalise(bug)} in the Linux kernel's ${part}` : `${capitalise(bug)} in the Linux kernel`;
  const fix = subject.text.length <= 80 ? subject.text : `${subject.text.slice(0, 80).replace(/\s+\S*$/, '')}…`;
  return part ? `Linux kernel ${part} flaw fixed by "${fix}"` : `Linux kernel flaw fixed by "${fix}"`;
}
