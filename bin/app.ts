#!/usr/bin/env node
import { App } from 'aws-cdk-lib';
import { DEFAULT_CONTEXT, buildApp } from '../infra/app.js';

buildApp(new App({ context: DEFAULT_CONTEXT })).app.synth();
