import type { GatewayModule } from '../http/module.js';
import { encryptionKeyRoutes } from './routes.js';
import type { EncryptionKeyService } from './service.js';

export const encryptionKeysModule: GatewayModule<{ encryptionKeys: EncryptionKeyService }> = {
  name: 'encryption-keys',
  async register({ app, services }) {
    await app.register(encryptionKeyRoutes, { keys: services.encryptionKeys });
  },
};
