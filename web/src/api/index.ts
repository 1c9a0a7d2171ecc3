// The dashboard's one way to the server: typed REST calls and the live sample stream.
export { apiClient, apiPath, createApiClient, loginUrl, API_BASE, type ApiClient, type ApiClientOptions, type CallOptions, type FetchLike } from './client.js';
export { ApiError, isApiError, type ClientErrorKey } from './errors.js';
export {
  backoffDelayMs, createSampleStream, parseSample, sampleStream, subscribeSamples,
  type EventSourceLike, type SampleInfo, type SampleStream, type SampleStreamOptions, type StreamListener, type StreamState, type StreamStatus,
} from './stream.js';
export type * from './types.js';
