// Lighthouse and its Chromium launcher, resolved from this folder's own node_modules (package.json here).
export { default as lighthouse } from 'lighthouse';
export * as chromeLauncher from 'chrome-launcher';
