// The camping-option screens as one lazy chunk: the router loads them together (they share most of their
// code), which keeps the list of lazy chunks in Home's bundle short (budget 125 KB gzip).
export { default as CampingOptionsPage } from './camping-options-page';
export { default as CampingOptionFieldsPage } from './camping-option-fields-page';
