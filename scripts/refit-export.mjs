// `node scripts/refit-export.mjs [base URL] [team slug]`: the refit recipe of docs/ranking.md §7 against a
// running Manto (default http://localhost:3000). Downloads the ranking snapshot export (global, or the team's)
// and the votes export as JSON, refits the votes up to the snapshot's vote watermark with the project's own
// Bradley-Terry engine (apps/api/src/modules/rankings/refit.ts) and compares the scores with the served ones,
// to the precision the export prints (one decimal). The engine is TypeScript, so the script re-runs itself
// under tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

if (!process.env.REFIT_CHILD) {
  const args = ['--import', import.meta.resolve('tsx'), fileURLToPath(import.meta.url), ...process.argv.slice(2)];
  const child = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, REFIT_CHILD: '1' } });
  process.exit(child.status ?? 1);
}

const { refitSnapshot } = await import('../apps/api/src/modules/rankings/refit.ts');
const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const team = process.argv[3];

async function json(path) {
  const res = await fetch(`${base}${path}`);
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

// The snapshot first: votes keep arriving, and the watermark says which of them it counted.
const snapshot = await json(`/api/rankings/export?format=json${team ? `&team=${encodeURIComponent(team)}` : ''}`);
const votes = await json('/api/votes/export?format=json');
const refit = refitSnapshot(snapshot, votes);
const differing = snapshot.rows.filter((r) => refit.scores.get(r.jersey_id) !== r.score);
console.log(`scope ${snapshot.scope}, fitted at ${snapshot.fittedAt}, votes up to id ${snapshot.lastVoteId}`);
console.log(`votes counted: snapshot ${snapshot.votes}, refit ${refit.votes} (of ${votes.length} exported)`);
console.log(`scores equal to one decimal: ${snapshot.rows.length - differing.length} of ${snapshot.rows.length}`);
for (const r of differing.slice(0, 10))
  console.log(`  ${r.jersey_id}: served ${r.score}, refit ${refit.scores.get(r.jersey_id)}`);
if (refit.votes !== snapshot.votes)
  console.log('the counts differ: a vote was flagged or restored since the fit; the next fit follows it');
process.exit(differing.length === 0 && refit.votes === snapshot.votes ? 0 : 1);
