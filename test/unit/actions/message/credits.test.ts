/**
 * Credits per Segment in the panel: n8n's number input (Element Plus's InputNumber) shows a value with
 * exactly `numberPrecision` decimals, so a precision of 4 showed the default 1 as `1.0000`. Without it
 * the value shows as written: `1`, `0.5`, `0.0725` (a rate of a hundredth of a credit keeps its digits).
 */
import type { INodeProperties } from 'n8n-workflow';

import { CREDIT_OPTIONS } from '../../../../nodes/MessagingGateway/actions/message/credits';

const numberFields = (properties: readonly INodeProperties[]): INodeProperties[] =>
	properties.flatMap((property) => [
		...(property.type === 'number' ? [property] : []),
		...numberFields(
			((property.options ?? []) as Array<INodeProperties | { values?: INodeProperties[] }>).flatMap((option) =>
				'values' in option && option.values ? option.values : 'type' in option ? [option as INodeProperties] : [],
			),
		),
	]);

test('both Credits per Segment fields (one value, by country) show the number as written, never padded', () => {
	const fields = numberFields(CREDIT_OPTIONS);
	expect(fields.map((field) => field.displayName)).toEqual(['Credits per Segment', 'Credits per Segment']);
	for (const field of fields) {
		expect(field.typeOptions?.numberPrecision).toBeUndefined();
		expect(field.typeOptions?.minValue).toBe(0);
	}
});
