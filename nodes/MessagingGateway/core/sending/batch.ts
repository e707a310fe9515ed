/**
 * How many recipients one send request may carry (`to` as an array, docs/gateway-api.md#send-sms).
 * The gateway does not document a limit (docs/gateway-api.md#limits): this is our assumption, and
 * the emulator refuses more with code 113. How the node groups items into requests is in
 * actions/message/send/requests.ts.
 */
export const MAX_RECIPIENTS_PER_REQUEST = 100;
