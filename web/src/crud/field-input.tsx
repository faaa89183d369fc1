import { type FieldInputProps, type FieldRenderers, rendererOf } from './field-renderers.js';

export type { FieldInputProps } from './field-renderers.js';

/** The input of one column: its field's renderer if a screen gave one, else its type's. */
export function FieldInput(props: FieldInputProps & { renderers?: FieldRenderers }) {
  const { renderers, ...input } = props;
  const { Input } = rendererOf(input.def, input.column, renderers);
  return <Input {...input} />;
}
