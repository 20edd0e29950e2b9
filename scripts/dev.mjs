// `npm run dev`: the API with reload (tsx watch) and Vite with hot reload; Vite proxies /api.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@manto/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@manto/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
