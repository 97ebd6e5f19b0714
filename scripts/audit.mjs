// `npm audit` of the production dependencies (what the Docker image installs). Fails on a high or
// critical advisory unless audit-exceptions.json lists it (package and advisory id) with a reason
// and a `review_by` date not yet passed; an expired exception fails too. A registry without an
// audit endpoint (this machine's mirror) is reported and skipped.
//
//   node scripts/audit.mjs [--report audit.json] [--exceptions file.json]
//
// `--report` reads a saved `npm audit --omit=dev --json` output instead of running it (tests).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const SERIOUS = new Set(['high', 'critical']);

const { values: args } = parseArgs({
  options: {
    report: { type: 'string' },
    exceptions: {
      type: 'string',
      default: new URL('../audit-exceptions.json', import.meta.url).pathname,
    },
  },
});

const output = args.report
  ? readFileSync(args.report, 'utf8')
  : spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' }).stdout;

if (/audit endpoint returned an error|Method Not Allowed.*\/security\/advisories/.test(output)) {
  console.log('audit: skipped: this registry has no audit endpoint');
  process.exit(0);
}

const report = JSON.parse(output);
if (report.error) {
  console.error(`audit: npm audit failed: ${report.error.summary || JSON.stringify(report.error)}`);
  process.exit(1);
}

const today = new Date().toISOString().slice(0, 10);
const { exceptions } = JSON.parse(readFileSync(args.exceptions, 'utf8'));
const expired = exceptions.filter((e) => !(e.review_by >= today));

// Each advisory appears in `via` of the package it is about; other entries only point at it.
const findings = Object.values(report.vulnerabilities ?? {}).flatMap((v) =>
  v.via
    .filter((advisory) => typeof advisory === 'object' && SERIOUS.has(advisory.severity))
    .map((advisory) => ({
      package: advisory.name,
      id: String(advisory.url ?? advisory.source)
        .split('/')
        .pop(),
      severity: advisory.severity,
      title: advisory.title,
    })),
);
const excused = (f) =>
  exceptions.some((e) => e.package === f.package && e.advisory === f.id && e.review_by >= today);
const open = findings.filter((f) => !excused(f));

for (const f of findings.filter(excused)) {
  console.log(`audit: excepted: ${f.severity} ${f.package} ${f.id} (${f.title})`);
}
for (const e of expired) {
  console.error(`audit: exception past its review date ${e.review_by}: ${e.package} ${e.advisory}`);
}
for (const f of open) console.error(`audit: ${f.severity}: ${f.package} ${f.id} ${f.title}`);
if (open.length > 0 || expired.length > 0) process.exit(1);
console.log(
  `audit: no open high or critical advisory in production dependencies (${findings.length} excepted)`,
);
