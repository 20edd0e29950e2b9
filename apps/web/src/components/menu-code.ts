// Mantine's Menu alone, as the one module deferred-menu.tsx loads after the first screen.
export { Menu } from '@mantine/core';
