// The images module as other modules and app.ts see it.
// (Minimal on this branch: what demo seeding uses.)
export { ImageService } from './service.ts';
