import {
	API_ERROR_CODES,
	DELIVERY_CODES,
	DELIVERY_DETAIL_CODES,
	describeCode,
	STATUS_CODES,
} from '../../../nodes/MessagingGateway/core/codes';
import { deliveryStatusText } from '../../../emulator/status-codes';

// The tables as docs/gateway-api.md#codes and docs/gateway-api.md#api-errors list them.
test('delivery codes of docs/gateway-api.md#codes', () => {
	expect(Object.fromEntries(Object.entries(DELIVERY_CODES).map(([code, info]) => [code, info.name]))).toEqual({
		'0': 'SUBMITTED',
		'1': 'DELIVERED',
		'2': 'NOT DELIVERED',
		'3': 'BUFFERED',
		'4': 'REJECTED',
		'5': 'REJECTED',
		'9': 'UNKNOWN',
	});
});

test('detail codes 10-19 of docs/gateway-api.md#codes', () => {
	expect(Object.keys(DELIVERY_DETAIL_CODES)).toEqual(['10', '11', '12', '13', '14', '15', '16', '17', '18', '19']);
	expect(DELIVERY_DETAIL_CODES['18']).toBe('Operator refused the message as spam');
});

test('status codes of docs/gateway-api.md#codes', () => {
	expect(STATUS_CODES).toEqual({
		'2000': 'INSUFFICIENT_FUNDS',
		'2001': 'TOO_LONG',
		'2002': 'TOO_SHORT',
		'2003': 'TIMEOUT',
		'2004': 'GATEWAY_ISSUES',
		'2005': 'INVALID_SENDER',
		'2006': 'INVALID_NUMBER',
		'4000': 'UNKNOWN',
		'4001': 'EMPTY_MESSAGE',
		'4002': 'EMPTY_CLIENT',
		'4003': 'LOCKED',
		'4004': 'BLOCKED',
		'4005': 'JOB_FAILED',
		'4006': 'DUPLICATE',
		'4007': 'INVALID_CONTENT',
	});
});

test('every documented API error code is explained', () => {
	const documented = [
		'102',
		'103',
		'104',
		'105',
		'106',
		'108',
		'109',
		'110',
		'111',
		'112',
		'113',
		'114',
		'118',
		'121',
		'122',
		'123',
		'124',
		'125',
		'126',
		'127',
		'128',
		'129',
		'131',
		'132',
		'133',
		'134',
		'135',
		'136',
		'200',
		// Listed by a maintained third-party client only (docs/whatsapp.md#error-codes).
		'116',
		'137',
		'138',
		'139',
		'140',
	];
	expect(Object.keys(API_ERROR_CODES).sort()).toEqual([...documented].sort());
	// The gateway's own words ("The 24H window is not open … Send a template message instead.") are the error's title;
	// the meaning says why and the ways out without repeating them.
	expect(describeCode('137')).toMatch(
		/not written to you on WhatsApp in the last 24 hours.*Send Template.*SMS Fallback/,
	);
	expect(describeCode('140')).toMatch(/Invalid or missing WhatsApp Business account/);
	for (const code of documented) expect(describeCode(code)).toEqual(expect.any(String));
	expect(describeCode('104')).toMatch(/API key or API secret is wrong/);
	expect(describeCode(2000)).toBe('Gateway status INSUFFICIENT_FUNDS');
	expect(describeCode('error parsing json')).toMatch(/could not parse/);
	expect(describeCode('999')).toBeUndefined();
});

test('delivery_status texts are the delivery codes of docs/gateway-api.md#codes in lower case', () => {
	expect(['0', '1', '2', '3', '4', '5', '9'].map(deliveryStatusText)).toEqual([
		'submitted',
		'delivered',
		'not delivered',
		'buffered',
		'rejected',
		'rejected',
		'unknown',
	]);
	expect(deliveryStatusText('7')).toBeUndefined();
});
