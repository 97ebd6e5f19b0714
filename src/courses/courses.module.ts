import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { CoursesController } from './courses.controller';
import { SearchAidsController } from './search-aids.controller';
import { CoursesService } from './courses.service';
import { SearchAidsService } from './search-aids.service';

@Module({
  imports: [CatalogModule],
  controllers: [CoursesController, SearchAidsController],
  providers: [CoursesService, SearchAidsService],
  exports: [CoursesService, SearchAidsService],
})
export class CoursesModule {}
