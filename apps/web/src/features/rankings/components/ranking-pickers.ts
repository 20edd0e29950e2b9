// What pickers.ts loads after the first screen: the rankings' pickers and Mantine's inputs they draw.
export { FilterSelects } from './filter-selects.tsx';
export { SegmentControls } from './segment-controls.tsx';
