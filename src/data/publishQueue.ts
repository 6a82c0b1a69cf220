/** Where the repositories queue a publish from; the publish tables' queries live in publishing.ts. */
export { requestPublish, type Tx } from './publishing';
