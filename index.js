// The pure core, for use outside n8n (a Code node, another server): sign and verify webhook
// signatures, parse events, and the gateway's code tables. parseEvent needs zod from the host.
const core = require('./dist/nodes/MessagingGateway/core');

module.exports = {
	...core,
	// Short names for the two calls most users need.
	sign: core.signPayload,
	verify: core.verifySignature,
};
