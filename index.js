// The package's entry for use outside n8n (a Code node, another server): sign and verify webhook
// signatures, parse events, count SMS parts, normalise numbers, and the gateway's code tables.
// An explicit list: everything here loads without zod; parseEvent and parseEvents load it on first use.
const core = './dist/nodes/MessagingGateway/core';
const signature = require(`${core}/signature`);
const codes = require(`${core}/codes`);
const events = require(`${core}/events`);
const { countSegments } = require(`${core}/segments`);
const { normalizePhoneNumber, parseRecipients } = require(`${core}/phone`);

/** The event parser needs zod, which n8n ships; outside n8n, say what to install instead of crashing on load. */
function payloads() {
	try {
		return require(`${core}/payloads`);
	} catch (error) {
		if (error && error.code === 'MODULE_NOT_FOUND' && /'zod'/.test(error.message)) {
			throw new Error('parseEvent and parseEvents need the zod package: npm install zod@3');
		}
		throw error;
	}
}

module.exports = {
	sign: signature.signPayload,
	verify: signature.verifySignature,
	signPayload: signature.signPayload,
	verifySignature: signature.verifySignature,
	computeSignature: signature.computeSignature,
	parseSignatureHeader: signature.parseSignatureHeader,
	generateTestHeaders: signature.generateTestHeaders,
	SIGNATURE_HEADER: signature.SIGNATURE_HEADER,
	DEFAULT_TOLERANCE_SECONDS: signature.DEFAULT_TOLERANCE_SECONDS,
	parseEvent: (json) => payloads().parseEvent(json),
	parseEvents: (body) => payloads().parseEvents(body),
	WEBHOOK_EVENT_TYPES: events.WEBHOOK_EVENT_TYPES,
	countSegments,
	normalizePhoneNumber,
	parseRecipients,
	DELIVERY_CODES: codes.DELIVERY_CODES,
	DELIVERY_DETAIL_CODES: codes.DELIVERY_DETAIL_CODES,
	STATUS_CODES: codes.STATUS_CODES,
	API_ERROR_CODES: codes.API_ERROR_CODES,
	describeCode: codes.describeCode,
};
