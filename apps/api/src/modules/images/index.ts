// The images module as the rest of the app sees it.
export { imagesModule } from './module.ts';
export { ImageService, imageRef } from './service.ts';
export type { ImageRow } from './repository.ts';
export { diskStore } from './storage.ts';
