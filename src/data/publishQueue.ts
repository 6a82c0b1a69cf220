/** Where the repositories queue a publish from; the publish tables' queries live in publishing.ts. */
export { queuePublish, requestPublish, type Tx } from './publishing';
