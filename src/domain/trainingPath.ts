/** A training's public page: the one spelling of its address, for links, feeds, the sitemap and the publisher. */
export const trainingPath = (id: string): string => `/training/${id}`;
