// The package's entry for use outside n8n (a Code node, another server): sign and verify webhook
// signatures, parse events, count SMS parts, normalise numbers, and the gateway's code tables.
// An explicit list, each name once: everything here loads without zod; parseEvent and parseEvents
// load it on first use.
const core = './dist/nodes/MessagingGateway/core';
const signature = require(`${core}/events/signature`);
const signatureHeader = require(`${core}/events/signature-header`);
const codes = require(`${core}/codes`);
const events = require(`${core}/events/events`);
const { countSegments } = require(`${core}/sending/segments`);
const phone = require(`${core}/numbers/phone`);
const { countryByCode } = require(`${core}/numbers/countries`);
const { plainText } = require(`${core}/error-text`);

// A refusal's text as one plain sentence or two (the nodes show its title and details apart).
const readable = (result) => (result.ok ? result : { ...result, error: plainText(result.error) });

let eventParsing;

/**
 * The trigger's own parser (the plain checks decide a conforming event; zod only judges the rest),
 * loaded once. It needs zod, which n8n ships; outside n8n, say what to install instead of crashing on load.
 */
function parsing() {
	if (eventParsing) return eventParsing;
	try {
		eventParsing = {
			parseEvent: require(`${core}/events/parse-event`).parseEvent,
			parseEvents: require(`${core}/events/parse-events`).parseEvents,
		};
	} catch (error) {
		if (error && error.code === 'MODULE_NOT_FOUND' && /'zod'/.test(error.message)) {
			throw new Error('parseEvent and parseEvents need the zod package: npm install zod@3');
		}
		throw error;
	}
	return eventParsing;
}

module.exports = {
	sign: signature.signPayload,
	verify: signature.verifySignature,
	computeSignature: signature.computeSignature,
	parseSignatureHeader: signatureHeader.parseSignatureHeader,
	generateTestHeaders: signature.generateTestHeaders,
	SIGNATURE_HEADER: signatureHeader.SIGNATURE_HEADER,
	DEFAULT_TOLERANCE_SECONDS: signature.DEFAULT_TOLERANCE_SECONDS,
	parseEvent: (json, options) => parsing().parseEvent(json, options),
	parseEvents: (body, options) => parsing().parseEvents(body, options),
	WEBHOOK_EVENT_TYPES: events.WEBHOOK_EVENT_TYPES,
	countSegments,
	normalizePhoneNumber: (number, defaultCountry, rule) =>
		readable(phone.normalizePhoneNumber(number, defaultCountry, rule)),
	parseRecipients: (input, defaultCountry, rule) => readable(phone.parseRecipients(input, defaultCountry, rule)),
	countryByCode,
	DELIVERY_CODES: codes.DELIVERY_CODES,
	DELIVERY_DETAIL_CODES: codes.DELIVERY_DETAIL_CODES,
	STATUS_CODES: codes.STATUS_CODES,
	API_ERROR_CODES: codes.API_ERROR_CODES,
	describeCode: codes.describeCode,
	/** @deprecated The README's older name of `sign`; kept for code written against it. */
	signPayload: signature.signPayload,
	/** @deprecated The README's older name of `verify`; kept for code written against it. */
	verifySignature: signature.verifySignature,
};
