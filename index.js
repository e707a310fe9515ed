// The pure core, for use outside n8n (a Code node, another server): sign and verify webhook
// signatures, parse events, and the gateway's code tables. parseEvent needs zod from the host.
module.exports = require('./dist/nodes/MessagingGateway/core');
