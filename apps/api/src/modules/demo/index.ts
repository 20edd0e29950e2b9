// Demo seeding as app.ts sees it: a drawn catalogue, simulated votes and a ranking history, composed
// from the jerseys, images, duels and rankings modules.
export { DemoRepository } from './repository.ts';
export { seedDemo } from './service.ts';
