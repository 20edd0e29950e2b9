// `npm run check:deploy`: checks the deployment files with what runs on a machine without Docker, and says
// what it skipped. Exit 1 when any check fails. docs/operations.md ("What the checks prove") says what a pass
// does and does not prove.
//
//   1. Dockerfile: two linters from npm, dockerfile-utils (the Docker language service's validator: syntax,
//      instructions, flags and their values) and dockerfilelint 1.8 (best-practice rules), then the
//      project's own rules: several stages, production dependencies only in the last one, the API's nested
//      packages copied too, a non-root user, a HEALTHCHECK on /api/health, DATA_DIR on a volume, exec-form CMD.
//   2. compose.yaml: the YAML (merge keys resolved, as Compose does) against the Compose Specification's
//      JSON schema (scripts/deploy-check/compose-spec.json, copied from the compose-spec repository at
//      commit 170098b, Apache License 2.0) with ajv, then cross-checks: every depends_on names a service,
//      the replicas wait for the migration's success, share the images volume at DATA_DIR, trust one proxy,
//      share Redis, and the balancer mounts deploy/haproxy.cfg whose default servers are the replicas.
//   3. deploy/haproxy.cfg: `haproxy -c` with the drill's addresses, when HAProxy is installed.
//   4. `docker compose config` when a Compose CLI exists (not on the development machines).
//
// The linters and the validator live in scripts/deploy-check with their own lock file, installed on the
// first run (as bench:web's Lighthouse), not by `npm ci`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const TOOLS = path.join(import.meta.dirname, 'deploy-check');
if (!existsSync(path.join(TOOLS, 'node_modules/ajv'))) {
  console.log('Installing the deployment checks into scripts/deploy-check (first run only)…');
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: TOOLS, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
const need = createRequire(path.join(TOOLS, 'package.json'));
const Ajv = need('ajv').default;
const addFormats = need('ajv-formats').default;
const YAML = need('yaml');
const dockerfileUtils = need('dockerfile-utils');
const dockerfilelint = need('dockerfilelint');

const results = [];
/** One line of the report: `ok` true, false (fails the check) or null (skipped). */
function report(area, what, ok, detail = '') {
  results.push({ area, what, ok, detail });
}
const read = (file) => readFileSync(path.join(ROOT, file), 'utf8');

// ——————————————————————————————————————————————— Dockerfile ———————————————————————————————————————————————

const dockerfile = read('Dockerfile');
{
  const problems = dockerfileUtils.validate(dockerfile, {});
  report(
    'Dockerfile',
    'dockerfile-utils validator',
    problems.length === 0,
    problems.map((p) => `line ${p.range.start.line + 1}: ${p.message}`).join('; '),
  );
}
{
  // dockerfilelint 1.8 predates build arguments in FROM and stage names, and reads HEALTHCHECK's
  // `--start-period` as `--start`: those findings are listed as ignored, with the reason, never dropped silently.
  const lines = dockerfile.split('\n');
  const known = (item) => {
    const text = lines[item.line - 1] ?? '';
    if (item.rule === 'missing_tag' && /^FROM\s+\$\{?\w+\}?\s/i.test(text))
      return 'FROM takes its image from a build argument (ARG NODE_IMAGE, tagged)';
    if (item.rule === 'invalid_format' && /^HEALTHCHECK\b/.test(text) && text.includes('--start-period'))
      return "HEALTHCHECK's --start-period, an option dockerfilelint 1.8 does not know";
    return null;
  };
  const items = dockerfilelint.run(ROOT, dockerfile);
  const real = items.filter((i) => !known(i));
  const ignored = items.filter((i) => known(i)).map((i) => `line ${i.line} ${i.rule}: ${known(i)}`);
  report(
    'Dockerfile',
    'dockerfilelint 1.8 rules',
    real.length === 0,
    [
      ...real.map((i) => `line ${i.line}: ${i.title} (${i.rule})`),
      ...(ignored.length ? [`ignored: ${ignored.join('; ')}`] : []),
    ].join('; '),
  );
}
{
  const stages = dockerfile.split(/^FROM\s/m).slice(1);
  const last = stages.at(-1) ?? '';
  report('Dockerfile', 'several stages (build, production dependencies, runtime)', stages.length >= 3);
  report(
    'Dockerfile',
    'production dependencies only: npm ci --omit=dev, and no stage with every dependency feeds node_modules',
    /npm ci --omit=dev/.test(dockerfile) &&
      /COPY --from=deps \/app\/node_modules/.test(last) &&
      !/COPY --from=build \S*node_modules/.test(last),
  );
  report(
    'Dockerfile',
    "the API's nested packages (apps/api/node_modules) copied with the root's",
    /COPY --from=deps \/app\/apps\/api\/node_modules/.test(last),
  );
  const user = /^USER\s+(\S+)/m.exec(last)?.[1];
  report(
    'Dockerfile',
    'runs as a user other than root',
    Boolean(user) && !['root', '0'].includes(user),
    user ?? 'no USER',
  );
  report('Dockerfile', 'HEALTHCHECK asks GET /api/health', /^HEALTHCHECK[\s\S]*\/api\/health/m.test(last));
  report(
    'Dockerfile',
    'DATA_DIR is a volume owned by that user',
    /DATA_DIR=\/data/.test(last) && /VOLUME \["\/data"\]/.test(last) && /chown node:node \/data/.test(last),
  );
  report('Dockerfile', 'CMD in exec form (signals reach Node)', /^CMD \[/m.test(last));
  const image = /^ARG NODE_IMAGE=(\S+)/m.exec(dockerfile)?.[1] ?? '';
  const major = Number(/^node:(\d+)/.exec(image)?.[1]);
  report('Dockerfile', 'a Node LTS line (even major, 22 or later)', major >= 22 && major % 2 === 0, image);
}

// ——————————————————————————————————————————————— compose.yaml ——————————————————————————————————————————————

const composeText = read('compose.yaml');
let compose = null;
try {
  compose = YAML.parse(composeText, { merge: true });
  report('compose.yaml', 'parses as YAML (merge keys resolved)', true);
} catch (err) {
  report('compose.yaml', 'parses as YAML (merge keys resolved)', false, String(err));
}
if (compose) {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const schema = JSON.parse(readFileSync(path.join(TOOLS, 'compose-spec.json'), 'utf8'));
  // The schema names draft 07 by its https address, which ajv (whose default draft is 07) knows by the http one.
  delete schema.$schema;
  const validate = ajv.compile(schema);
  const valid = validate(compose);
  report(
    'compose.yaml',
    'valid against the Compose Specification schema',
    valid,
    (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; '),
  );

  const services = compose.services ?? {};
  const names = Object.keys(services);
  const replicas = names.filter((n) => /^manto-\d+$/.test(n));
  const dependsOn = (s) =>
    Array.isArray(s.depends_on) ? Object.fromEntries(s.depends_on.map((d) => [d, {}])) : (s.depends_on ?? {});
  const unknown = names.flatMap((n) =>
    Object.keys(dependsOn(services[n]))
      .filter((d) => !names.includes(d))
      .map((d) => `${n} → ${d}`),
  );
  report('compose.yaml', 'every depends_on names a service', unknown.length === 0, unknown.join(', '));
  report('compose.yaml', 'three replicas', replicas.length === 3, replicas.join(', '));
  const env = (n) => services[n].environment ?? {};
  const each = (what, test) => {
    const off = replicas.filter((n) => !test(services[n], env(n)));
    report('compose.yaml', `each replica: ${what}`, replicas.length > 0 && off.length === 0, off.join(', '));
  };
  each(
    'waits for the migration to succeed',
    (s) => dependsOn(s).migrate?.condition === 'service_completed_successfully',
  );
  each(
    'PostgreSQL and Redis',
    (_s, e) => /^postgres:\/\//.test(e.DATABASE_URL ?? '') && /^redis:\/\//.test(e.REDIS_URL ?? ''),
  );
  each('trusts the balancer for the client address (TRUST_PROXY)', (_s, e) =>
    /true|^\$\{TRUST_PROXY:-true\}$/.test(e.TRUST_PROXY ?? ''),
  );
  each(
    'NODE_ENV=production and a required JWT_SECRET',
    (_s, e) => e.NODE_ENV === 'production' && /^\$\{JWT_SECRET:\?/.test(e.JWT_SECRET ?? ''),
  );
  each('the images volume at DATA_DIR (/data), the same for all', (s) => (s.volumes ?? []).includes('images:/data'));
  each(
    'stop grace period longer than the 25 s shutdown cap',
    (s) => /^(\d+)s$/.test(s.stop_grace_period ?? '') && Number.parseInt(s.stop_grace_period, 10) > 25,
  );
  const migrate = services.migrate ?? {};
  report(
    'compose.yaml',
    'the migration step runs dist/migrate.js once, after PostgreSQL is healthy',
    JSON.stringify(migrate.command ?? []).includes('apps/api/dist/migrate.js') &&
      migrate.restart === 'no' &&
      dependsOn(migrate).postgres?.condition === 'service_healthy',
  );
  const balancer = services.balancer ?? {};
  report(
    'compose.yaml',
    'the balancer mounts deploy/haproxy.cfg and waits for the replicas',
    (balancer.volumes ?? []).some((v) => v.startsWith('./deploy/haproxy.cfg:')) &&
      replicas.every((r) => dependsOn(balancer)[r]),
  );
  const declared = Object.keys(compose.volumes ?? {});
  const used = names.flatMap((n) =>
    (services[n].volumes ?? []).map((v) => v.split(':')[0]).filter((v) => !v.startsWith('.')),
  );
  const undeclared = [...new Set(used)].filter((v) => !declared.includes(v));
  report(
    'compose.yaml',
    'named volumes declared (database, images)',
    undeclared.length === 0 && declared.includes('database') && declared.includes('images'),
    undeclared.join(', '),
  );

  // The balancer's default servers are these replicas, on the port the image listens on.
  const haproxy = read('deploy/haproxy.cfg');
  const servers = [...haproxy.matchAll(/^\s*server\s+(\S+)\s+"\$\{\w+-([\w-]+):(\d+)\}"/gm)].map((m) => ({
    host: m[2],
    port: m[3],
  }));
  const port = /^\s*PORT=(\d+)/m.exec(dockerfile)?.[1] ?? /PORT=(\d+)/.exec(dockerfile)?.[1];
  report(
    'deploy/haproxy.cfg',
    "default servers are compose's replicas on the image's PORT",
    servers.length === replicas.length && servers.every((s) => replicas.includes(s.host) && s.port === port),
    servers.map((s) => `${s.host}:${s.port}`).join(', '),
  );
  report(
    'deploy/haproxy.cfg',
    'health checks ask GET /api/ready (readiness)',
    /http-check send meth GET uri \/api\/ready/.test(haproxy),
  );
  report('deploy/haproxy.cfg', 'adds X-Forwarded-For (option forwardfor)', /^\s*option forwardfor/m.test(haproxy));
}

// ——————————————————————————————————————————————— tools that may be missing ————————————————————————————————————

const haproxyBin = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
if (haproxyBin.status === 0) {
  const checked = spawnSync('haproxy', ['-c', '-f', path.join(ROOT, 'deploy/haproxy.cfg')], {
    encoding: 'utf8',
    env: {
      ...process.env,
      MANTO_1: '127.0.0.1:3971',
      MANTO_2: '127.0.0.1:3972',
      MANTO_3: '127.0.0.1:3973',
      HAPROXY_BIND: '127.0.0.1:3970',
      HAPROXY_STATS_BIND: '127.0.0.1:3974',
    },
  });
  const version = /version (\S+)/.exec(haproxyBin.stdout)?.[1] ?? '?';
  report(
    'deploy/haproxy.cfg',
    `haproxy -c (HAProxy ${version}, the drill's addresses)`,
    checked.status === 0,
    (checked.stdout + checked.stderr)
      .trim()
      .split('\n')
      .filter((l) => /ALERT|WARNING/.test(l))
      .join('; '),
  );
} else {
  report('deploy/haproxy.cfg', 'haproxy -c', null, 'HAProxy not installed (apt-get install -y haproxy)');
}

const composeCli = ['docker compose', 'docker-compose'].find((cli) => {
  const [cmd, ...args] = cli.split(' ');
  return spawnSync(cmd, [...args, 'version'], { encoding: 'utf8' }).status === 0;
});
if (composeCli) {
  const [cmd, ...args] = composeCli.split(' ');
  const checked = spawnSync(cmd, [...args, '-f', path.join(ROOT, 'compose.yaml'), 'config', '--quiet'], {
    encoding: 'utf8',
    env: { ...process.env, POSTGRES_PASSWORD: 'check', JWT_SECRET: 'x'.repeat(48) },
  });
  report('compose.yaml', `${composeCli} config`, checked.status === 0, checked.stderr.trim());
} else {
  report('compose.yaml', 'docker compose config', null, 'no Compose CLI on this machine');
}

// ——————————————————————————————————————————————— report ——————————————————————————————————————————————————

const mark = (ok) => (ok === null ? 'skip' : ok ? 'ok' : 'FAIL');
for (const r of results)
  console.log(`${mark(r.ok).padEnd(4)}  ${r.area.padEnd(18)} ${r.what}${r.detail ? `\n      ${r.detail}` : ''}`);
const failed = results.filter((r) => r.ok === false).length;
const skipped = results.filter((r) => r.ok === null).length;
console.log(`\n${results.length - failed - skipped} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed === 0 ? 0 : 1;
