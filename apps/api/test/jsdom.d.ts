// jsdom ships no types; the API's tests read pages and the sitemap with it as a browser or crawler would.
declare module 'jsdom' {
  export class JSDOM {
    constructor(markup?: string, options?: { contentType?: string });
    readonly window: { document: Document };
  }
}
