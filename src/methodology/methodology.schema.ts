import { methodologySchema } from '../catalog/methodology.schema';
import { envelopeSchema } from '../core/envelope.schema';

export const methodologyResponseSchema = envelopeSchema(methodologySchema).meta({
  id: 'MethodologyResponse',
});
