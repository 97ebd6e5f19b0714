import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { MethodologyController } from './methodology.controller';
import { MethodologyService } from './methodology.service';

@Module({
  imports: [CatalogModule],
  controllers: [MethodologyController],
  providers: [MethodologyService],
  exports: [MethodologyService],
})
export class MethodologyModule {}
