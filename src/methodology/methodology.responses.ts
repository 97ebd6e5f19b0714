import { methodologySchema } from '../catalog/methodology.schema';
import { envelopeSchema } from '../core/envelope.schema';

export const methodologyResponseSchema = envelopeSchema(methodologySchema).meta({
  id: 'MethodologyResponse',
  description: 'The live scoring methodology, in the `{data, meta}` envelope.',
});
