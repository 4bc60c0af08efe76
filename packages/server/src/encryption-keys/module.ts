import type { GatewayModule } from '../http/module.js';
import { encryptionKeyRoutes } from './routes.js';
import type { EncryptionKeyService } from './service.js';

export const encryptionKeysModule: GatewayModule<{ encryptionKeys: EncryptionKeyService }> = {
  name: 'encryption-keys',
  async register({ app, maintenance, services }) {
    await app.register(encryptionKeyRoutes, { keys: services.encryptionKeys });
    // Keys past their grace period.
    maintenance.push(() => services.encryptionKeys.retireExpired());
    app.addHook('onClose', () => services.encryptionKeys.close());
  },
};
