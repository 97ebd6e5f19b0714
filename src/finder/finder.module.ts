import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { FinderController } from './finder.controller';
import { FinderService } from './finder.service';

@Module({
  imports: [CatalogModule],
  controllers: [FinderController],
  providers: [FinderService],
  exports: [FinderService],
})
export class FinderModule {}
