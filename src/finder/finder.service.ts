import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { ANSWER_NAMES, QUESTIONS } from '../catalog/vocabulary';
import { AppConfig } from '../core/config';
import { Envelope } from '../core/envelope';
import type { FinderQuestions } from './finder.responses';

@Injectable()
export class FinderService {
  private readonly questions: FinderQuestions;

  constructor(
    private readonly catalog: CatalogService,
    config: AppConfig,
  ) {
    const query = ANSWER_NAMES.map((name) => `${name}={${name}}`).join('&');
    this.questions = {
      questions: QUESTIONS,
      recommendations_url_template: `${config.baseUrl}/recommendations?${query}`,
    };
  }

  get(): Envelope<FinderQuestions> {
    return new Envelope(this.questions, this.catalog.current().meta);
  }
}
